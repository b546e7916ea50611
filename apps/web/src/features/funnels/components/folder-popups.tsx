import type { Folder } from '@funnelwork/domain';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDeletePopup } from '../../../shared/confirm-delete-popup.tsx';
import { AppModal } from '../../../shared/popups.tsx';
import { useDeleteFolder, useMoveToFolder, useSaveFolder } from '../api.ts';

type FolderNamePopupProps = {
  /** A folder to rename, or 'new' to create one; null keeps the popup closed. */
  folder: Folder | 'new' | null;
  onClose: () => void;
  onSaved?: (folder: Folder) => void;
};

export function FolderNamePopup({ folder, onClose, onSaved }: FolderNamePopupProps) {
  const save = useSaveFolder();
  const [name, setName] = useState('');
  const creating = folder === 'new';
  const { reset } = save;

  useEffect(() => {
    setName(folder && folder !== 'new' ? folder.name : '');
    reset();
  }, [folder, reset]);

  const submit = () => {
    if (!folder || !name.trim()) return;
    save.mutate(
      { id: creating ? null : folder.id, name: name.trim() },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
      },
    );
  };

  return (
    <AppModal opened={folder !== null} onClose={onClose} title={creating ? 'New folder' : 'Rename folder'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Folder name"
            data-autofocus
            maxLength={100}
            value={name}
            error={save.error?.message}
            onChange={(event) => {
              setName(event.currentTarget.value);
              save.reset();
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
              {creating ? 'Create folder' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

type DeleteFolderPopupProps = { folder: Folder | null; onClose: () => void; onDeleted: () => void };

export function DeleteFolderPopup({ folder, onClose, onDeleted }: DeleteFolderPopupProps) {
  const remove = useDeleteFolder();
  return (
    <ConfirmDeletePopup
      item={folder}
      title="Delete folder"
      confirmLabel="Delete folder"
      remove={remove}
      onClose={onClose}
      onDeleted={onDeleted}
    >
      The folder “{folder?.name}” will be deleted. Its funnels stay, outside any folder.
    </ConfirmDeletePopup>
  );
}

type MoveToFolderPopupProps = {
  funnel: { id: number; name: string; folder_id: number | null } | null;
  folders: Folder[];
  onClose: () => void;
};

const NO_FOLDER = 'none';

export function MoveToFolderPopup({ funnel, folders, onClose }: MoveToFolderPopupProps) {
  const move = useMoveToFolder();
  const [target, setTarget] = useState<string>(NO_FOLDER);

  useEffect(() => {
    setTarget(funnel?.folder_id ? String(funnel.folder_id) : NO_FOLDER);
  }, [funnel]);

  const confirm = () => {
    if (!funnel) return;
    const folderId = target === NO_FOLDER ? null : Number(target);
    const folderName = folders.find((f) => f.id === folderId)?.name;
    move.mutate({ funnel, folderId, folderName }, { onSuccess: onClose });
  };

  return (
    <AppModal opened={funnel !== null} onClose={onClose} title="Move to folder">
      <Stack>
        <Select
          label="Folder"
          data={[
            { value: NO_FOLDER, label: 'No folder' },
            ...folders.map((f) => ({ value: String(f.id), label: f.name })),
          ]}
          value={target}
          allowDeselect={false}
          onChange={(value) => setTarget(value ?? NO_FOLDER)}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={move.isPending} onClick={confirm}>
            Move
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
