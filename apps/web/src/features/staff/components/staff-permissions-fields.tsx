import {
  type PermissionFlag,
  type Permissions,
  permissionsOfRole,
  roleOfPermissions,
  STAFF_ROLES,
  type StaffRole,
} from '@funnelwork/domain/rules';
import { Checkbox, Select, Stack } from '@mantine/core';

/** The five permission flags, in the spec's role order, with what each one opens. */
const FLAGS: ReadonlyArray<{ flag: PermissionFlag; label: string; description: string }> = [
  {
    flag: 'admin',
    label: 'Administrator',
    description: 'Everything, including account, billing and team settings',
  },
  { flag: 'funnels', label: 'Funnels', description: 'Funnel settings, domains and apps' },
  { flag: 'editor', label: 'Editor', description: 'Build steps and design pages and e-mails' },
  { flag: 'automations', label: 'Automations', description: 'Create and run automations' },
  { flag: 'orders', label: 'Orders', description: 'Manage orders, refunds and customers' },
];

type StaffPermissionsFieldsProps = {
  value: Permissions;
  onChange: (value: Permissions) => void;
  disabled?: boolean;
};

export function StaffPermissionsFields({ value, onChange, disabled }: StaffPermissionsFieldsProps) {
  const checked = FLAGS.filter(({ flag }) => value[flag] === true).map(({ flag }) => flag);
  const role = roleOfPermissions(value);
  return (
    <Stack gap="md">
      <Select
        label="Role"
        description="Sets the permissions below; change them one by one for a custom role."
        data={[...STAFF_ROLES.map((entry) => entry.role), ...(role === null ? ['Custom'] : [])]}
        value={role ?? 'Custom'}
        allowDeselect={false}
        disabled={disabled}
        onChange={(next) => {
          if (next && next !== 'Custom') onChange(permissionsOfRole(next as StaffRole));
        }}
      />
      <Checkbox.Group
        label="Permissions"
        description="Without any, the person can only look around (Readonly)."
        value={checked}
        onChange={(flags) => onChange(Object.fromEntries(flags.map((flag) => [flag, true])))}
      >
        <Stack gap="sm" mt="sm">
          {FLAGS.map(({ flag, label, description }) => (
            <Checkbox key={flag} value={flag} label={label} description={description} disabled={disabled} />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}

/** Only the flags that are set, as the server stores them. */
export function setFlags(permissions: Permissions): Permissions {
  return Object.fromEntries(Object.entries(permissions).filter(([, on]) => on === true));
}
