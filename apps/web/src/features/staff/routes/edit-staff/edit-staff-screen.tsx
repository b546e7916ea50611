import type { Staff } from '@funnelwork/domain';
import { isAdmin, type Permissions, parsePermissions, roleLabel } from '@funnelwork/domain/rules';
import { Avatar, Badge, Card, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '../../../../shared/back-button.tsx';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { InfoMessage } from '../../../../shared/info-message.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useMe } from '../../../session/api.ts';
import { useStaffMember, useUpdateStaffPermissions } from '../../api.ts';
import { StaffPermissionsFields, setFlags } from '../../components/staff-permissions-fields.tsx';
import { staffName } from '../../staff-name.ts';

export function EditStaffScreen() {
  const { id } = useParams();
  const staff = useStaffMember(Number(id));
  return (
    <Stack maw={760} mx="auto">
      <PageHeader back={<BackButton to="/settings/staff" label="Team" />} title="Edit staff" />
      {staff.isPending && <Skeleton h={320} radius="lg" />}
      {staff.isError && (
        <ErrorBox message={staff.error.message} back={{ to: '/settings/staff', label: 'Back to the team' }} />
      )}
      {staff.data && <EditStaffForm key={staff.data.id} staff={staff.data} />}
    </Stack>
  );
}

function EditStaffForm({ staff }: { staff: Staff }) {
  const me = useMe();
  const admin = isAdmin(me.member_account);
  const navigate = useNavigate();
  const [permissions, setPermissions] = useState<Permissions>(
    () => parsePermissions(staff.permissions) ?? {},
  );
  const name = staffName(staff);
  const update = useUpdateStaffPermissions(staff.id, name);
  const locked = !admin || staff.owner;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!locked) update.mutate(setFlags(permissions), { onSuccess: () => navigate('/settings/staff') });
  };

  return (
    <Card component="form" onSubmit={save}>
      <Stack>
        <Group gap="sm">
          <Avatar radius="xl" color="indigo" size={44}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Group gap={6}>
              <Text fw={600}>{name}</Text>
              <Badge variant="light" tt="none">
                {roleLabel({ permissions: JSON.stringify(permissions) })}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {staff.email}
            </Text>
          </div>
        </Group>
        {staff.owner && <InfoMessage>The account owner is always an administrator.</InfoMessage>}
        <Divider />
        <StaffPermissionsFields value={permissions} onChange={setPermissions} disabled={locked} />
        <Group justify="flex-end">
          <LockedButton locked={!admin} type="submit" loading={update.isPending} disabled={staff.owner}>
            Save
          </LockedButton>
        </Group>
      </Stack>
    </Card>
  );
}
