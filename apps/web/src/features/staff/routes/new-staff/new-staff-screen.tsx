import { createStaffBodySchema } from '@funnelwork/domain';
import { isAdmin, type Permissions } from '@funnelwork/domain/rules';
import { Card, Divider, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { BackButton } from '../../../../shared/back-button.tsx';
import { fieldErrors } from '../../../../shared/field-errors.ts';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { fieldError } from '../../../../shared/use-api-mutation.ts';
import { useMe } from '../../../session/api.ts';
import { useInviteStaff } from '../../api.ts';
import { StaffPermissionsFields, setFlags } from '../../components/staff-permissions-fields.tsx';

export function NewStaffScreen() {
  const me = useMe();
  const admin = isAdmin(me.member_account);
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', first_name: '', last_name: '' });
  const [permissions, setPermissions] = useState<Permissions>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invitation = useInviteStaff();
  const set = (name: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const invite = (event: FormEvent) => {
    event.preventDefault();
    if (!admin) return;
    const data = { ...values, permissions: setFlags(permissions) };
    const checked = createStaffBodySchema.shape.data.safeParse(data);
    if (!checked.success) {
      invitation.reset();
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    invitation.mutate(checked.data, { onSuccess: () => navigate('/settings/staff') });
  };
  // The server's answer about a field (the e-mail is already a member) shows beside it.
  const errorOf = (field: keyof typeof values) =>
    errors[field] ?? fieldError(invitation.error, `data.${field}`);

  return (
    <Stack maw={760} mx="auto">
      <PageHeader
        back={<BackButton to="/settings/staff" label="Team" />}
        title="New staff"
        description="We e-mail them an invitation; a new person chooses a password with the code in it."
      />
      <Card component="form" onSubmit={invite} noValidate>
        <Stack>
          <TextInput
            label="E-mail"
            type="email"
            required
            value={values.email}
            error={errorOf('email')}
            onChange={set('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              value={values.first_name}
              error={errorOf('first_name')}
              onChange={set('first_name')}
            />
            <TextInput
              label="Last name"
              value={values.last_name}
              error={errorOf('last_name')}
              onChange={set('last_name')}
            />
          </SimpleGrid>
          <Divider />
          <StaffPermissionsFields value={permissions} onChange={setPermissions} />
          <Group justify="flex-end">
            <LockedButton
              locked={!admin}
              type="submit"
              loading={invitation.isPending}
              disabled={admin && !values.email.trim()}
            >
              Invite
            </LockedButton>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
