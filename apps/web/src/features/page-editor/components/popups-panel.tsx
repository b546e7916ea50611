import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCopy, IconEdit, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../../shared/popups.tsx';
import { editorClasses as classes } from '../../editor/index.ts';
import {
  type PopupBrief,
  popupKeys,
  useClonePopup,
  useCreatePopup,
  useDeletePopup,
  useFunnelPopups,
  useRenamePopup,
} from '../popups-api.ts';

type PopupsPanelProps = {
  funnelId: number;
  /** The page editor's route; a popup opens at `{pageBase}/popup/{id}`. */
  pageBase: string;
  /** The popup being edited, if any. */
  current?: number;
};

/** The funnel's popups: create, rename, clone, delete, and open one in the editor. */
export function PopupsPanel({ funnelId, pageBase, current }: PopupsPanelProps) {
  const popups = useFunnelPopups(funnelId);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<PopupBrief | null>(null);
  const [newName, setNewName] = useState('');
  const create = useCreatePopup(funnelId);
  const rename = useRenamePopup(funnelId);
  const clone = useClonePopup(funnelId);
  const remove = useDeletePopup(funnelId);

  return (
    <Stack gap="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) return;
          create.mutate(name.trim(), { onSuccess: () => setName('') });
        }}
      >
        <Group gap={6} wrap="nowrap" align="flex-end">
          <TextInput
            size="xs"
            flex={1}
            label="New popup"
            placeholder="Popup name"
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Button size="xs" type="submit" disabled={!name.trim()}>
            Create popup
          </Button>
        </Group>
      </form>
      {popups.data?.length === 0 && (
        <Text size="xs" c="dimmed" ta="center" py="md">
          No popups yet. A button's "Show popup" action opens one.
        </Text>
      )}
      {popups.data?.map((popup) => (
        <Group
          key={popup.id}
          gap={2}
          wrap="nowrap"
          className={classes.savedAsset}
          p={6}
          role="listitem"
          aria-label={popup.name}
          data-current={popup.id === current || undefined}
        >
          <Text size="sm" fw={popup.id === current ? 700 : 500} flex={1} truncate>
            {popup.name}
          </Text>
          <Tooltip label="Edit">
            <ActionIcon
              variant="subtle"
              component={Link}
              to={`${pageBase}/popup/${popup.id}`}
              aria-label={`Edit ${popup.name}`}
            >
              <IconEdit size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Rename">
            <ActionIcon
              variant="subtle"
              disabled={popup.id === current}
              aria-label={`Rename ${popup.name}`}
              onClick={() => {
                setNewName(popup.name);
                setRenaming(popup);
              }}
            >
              <IconPencil size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Clone">
            <ActionIcon
              variant="subtle"
              aria-label={`Clone ${popup.name}`}
              onClick={() => clone.mutate(popup.id)}
            >
              <IconCopy size={14} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={popup.id === current}
              aria-label={`Delete ${popup.name}`}
              onClick={() => remove.mutate(popup.id)}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <AppModal opened={renaming !== null} onClose={() => setRenaming(null)} title="Rename popup">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!renaming || !newName.trim()) return;
            const { id } = renaming;
            rename.mutate(
              { id, name: newName.trim() },
              {
                onSuccess: () => {
                  void queryClient.invalidateQueries({ queryKey: popupKeys.one(id) });
                  setRenaming(null);
                },
              },
            );
          }}
        >
          <Stack>
            <TextInput
              label="Popup name"
              data-autofocus
              maxLength={200}
              value={newName}
              onChange={(event) => setNewName(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!newName.trim()}>
                Rename
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </Stack>
  );
}
