import type { Folder } from '@funnelwork/domain';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconDots, IconFolder, IconFolderPlus, IconPencil, IconTrash } from '@tabler/icons-react';

type FolderBarProps = {
  folders: Folder[];
  selected: number | null;
  canEdit: boolean;
  onSelect: (id: number | null) => void;
  onCreate: () => void;
  onRename: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
};

/** Folder filter of the funnel list, with create, rename and delete. */
export function FolderBar({
  folders,
  selected,
  canEdit,
  onSelect,
  onCreate,
  onRename,
  onDelete,
}: FolderBarProps) {
  return (
    <Group gap="xs" role="toolbar" aria-label="Folders">
      <Button
        size="xs"
        radius="xl"
        variant={selected === null ? 'filled' : 'default'}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        All funnels
      </Button>
      {folders.map((folder) => (
        <Group key={folder.id} gap={0} wrap="nowrap">
          <Button
            size="xs"
            radius="xl"
            variant={selected === folder.id ? 'filled' : 'default'}
            aria-pressed={selected === folder.id}
            leftSection={<IconFolder size={14} />}
            onClick={() => onSelect(folder.id)}
            styles={canEdit ? { root: { borderTopRightRadius: 0, borderBottomRightRadius: 0 } } : undefined}
          >
            {folder.name} · {folder.funnels_count}
          </Button>
          {canEdit && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant={selected === folder.id ? 'filled' : 'default'}
                  h={30}
                  radius="xl"
                  aria-label={`Folder ${folder.name} actions`}
                  style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeftWidth: 0 }}
                >
                  <IconDots size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onRename(folder)}>
                  Rename folder
                </Menu.Item>
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(folder)}>
                  Delete folder
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      ))}
      {canEdit && (
        <Button
          size="xs"
          radius="xl"
          variant="subtle"
          leftSection={<IconFolderPlus size={14} />}
          onClick={onCreate}
        >
          New folder
        </Button>
      )}
    </Group>
  );
}
