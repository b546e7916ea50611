import type { PermissionFlag, Permissions } from '@funnelwork/domain/rules';
import { Checkbox, Stack } from '@mantine/core';

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
  return (
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
  );
}

/** Only the flags that are set, as the server stores them. */
export function setFlags(permissions: Permissions): Permissions {
  return Object.fromEntries(Object.entries(permissions).filter(([, on]) => on === true));
}
