import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

type RowActionsProps = {
  /** The row's name, in each button's accessible name ('Edit …', 'Delete …'). */
  name: string;
  /** True when the user may not change the row: the buttons do nothing and say why. */
  locked: boolean;
  lockedLabel: string;
  iconSize: number;
  onEdit: () => void;
  onDelete: () => void;
};

/** A table row's Edit and Delete buttons. */
export function RowActions({ name, locked, lockedLabel, iconSize, onEdit, onDelete }: RowActionsProps) {
  const actions = [
    { label: 'Edit', color: 'gray', icon: <IconPencil size={iconSize} />, run: onEdit },
    { label: 'Delete', color: 'red', icon: <IconTrash size={iconSize} />, run: onDelete },
  ];
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {actions.map(({ label, color, icon, run }) => (
        <Tooltip key={label} label={locked ? lockedLabel : label}>
          <ActionIcon
            variant="subtle"
            color={color}
            aria-label={`${label} ${name}`}
            aria-disabled={locked}
            data-disabled={locked || undefined}
            onClick={() => !locked && run()}
          >
            {icon}
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
