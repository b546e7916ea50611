import type { Folder } from '@funnelwork/domain';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { createFolder, deleteFolder, funnelKeys, moveToFolder, renameFolder } from '../api.ts';

type FolderNamePopupProps = {
  /** A folder to rename, or 'new' to create one; null keeps the popup closed. */
  folder: Folder | 'new' | null;
  onClose: () => void;
  onSaved?: (folder: Folder) => void;
};

export function FolderNamePopup({ folder, onClose, onSaved }: FolderNamePopupProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const creating = folder === 'new';

  useEffect(() => {
    setName(folder && folder !== 'new' ? folder.name : '');
    setError(undefined);
  }, [folder]);

  const save = async () => {
    if (!folder || !name.trim()) return;
    setBusy(true);
    const result = creating ? await createFolder(name.trim()) : await renameFolder(folder.id, name.trim());
    setBusy(false);
    if (result.error !== undefined) {
      setError(result.info.data);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: funnelKeys.folders });
    onSaved?.(result.data);
    onClose();
  };

  return (
    <Modal opened={folder !== null} onClose={onClose} title={creating ? 'New folder' : 'Rename folder'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput
            label="Folder name"
            data-autofocus
            maxLength={100}
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!name.trim()}>
              {creating ? 'Create folder' : 'Save'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type DeleteFolderPopupProps = { folder: Folder | null; onClose: () => void; onDeleted: () => void };

export function DeleteFolderPopup({ folder, onClose, onDeleted }: DeleteFolderPopupProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!folder) return;
    setBusy(true);
    const result = await deleteFolder(folder.id);
    setBusy(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: funnelKeys.all });
    onDeleted();
    onClose();
  };
  return (
    <Modal opened={folder !== null} onClose={onClose} title="Delete folder">
      <Stack>
        <Text size="sm">
          The folder “{folder?.name}” will be deleted. Its funnels stay, outside any folder.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void remove()}>
            Delete folder
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type MoveToFolderPopupProps = {
  funnel: { id: number; name: string; folder_id: number | null } | null;
  folders: Folder[];
  onClose: () => void;
};

const NO_FOLDER = 'none';

export function MoveToFolderPopup({ funnel, folders, onClose }: MoveToFolderPopupProps) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<string>(NO_FOLDER);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setTarget(funnel?.folder_id ? String(funnel.folder_id) : NO_FOLDER);
  }, [funnel]);

  const move = async () => {
    if (!funnel) return;
    setBusy(true);
    const folderId = target === NO_FOLDER ? null : Number(target);
    const result = await moveToFolder(funnel.id, folderId);
    setBusy(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: funnelKeys.all });
    const folder = folders.find((f) => f.id === folderId);
    notifySuccess(
      folder ? `“${funnel.name}” moved to ${folder.name}` : `“${funnel.name}” is in no folder now`,
    );
    onClose();
  };

  return (
    <Modal opened={funnel !== null} onClose={onClose} title="Move to folder">
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
          <Button loading={busy} onClick={() => void move()}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
