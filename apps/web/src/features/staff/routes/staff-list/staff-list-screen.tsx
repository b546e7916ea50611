import type { Staff } from '@funnelwork/domain';
import { isAdmin } from '@funnelwork/domain/rules';
import { Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { InfoMessage } from '../../../../shared/info-message.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useMe } from '../../../session/api.ts';
import { useStaffList } from '../../api.ts';
import { DeleteStaffPopup } from '../../components/delete-staff-popup.tsx';
import { StaffTable } from '../../components/staff-table.tsx';

export function StaffListScreen() {
  const me = useMe();
  const admin = isAdmin(me.member_account);
  const navigate = useNavigate();
  // The team is an administrators' screen: the server refuses the list to anyone else.
  const staff = useStaffList(admin);
  const [deleting, setDeleting] = useState<Staff | null>(null);

  return (
    <Stack maw={1000} mx="auto">
      <PageHeader
        title="Team"
        description={`The people who work in ${me.account_name ?? 'this account'}, and what each of them may do.`}
        actions={
          <LockedButton
            locked={!admin}
            leftSection={<IconUserPlus size={16} />}
            onClick={() => navigate('/settings/staff/new')}
          >
            New staff
          </LockedButton>
        }
      />
      {!admin && <InfoMessage>Only administrators can see and manage the team.</InfoMessage>}
      {admin && staff.isPending && <Skeleton h={240} radius="lg" />}
      {staff.isError && <ErrorBox message={staff.error.message} />}
      {staff.data && (
        <Card p={0}>
          {staff.data.length === 0 ? (
            <Text c="dimmed" ta="center" p="xl">
              No team members yet.
            </Text>
          ) : (
            <StaffTable staff={staff.data} canManage={admin} onDelete={setDeleting} />
          )}
        </Card>
      )}
      <DeleteStaffPopup
        staff={deleting}
        accountName={me.account_name ?? 'this account'}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
