import { type EditorDocument, extractFragment, migrateDocument, type NodeId } from '@funnelwork/blocks';
import type { LibraryItem } from '@funnelwork/domain';
import {
  ActionIcon,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconBookmark, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, apiOrThrow } from '../../../shared/api-client.ts';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { useEditor } from '../state/editor-context.tsx';
import classes from './editor.module.css';

const savedKey = ['saved-assets'] as const;

/** "Save as asset": the selected section, row or block, alone in a document, as a saved asset. */
export function SaveAsAssetButton({ id, defaultName }: { id: NodeId; defaultName: string }) {
  const { state } = useEditor();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const fragment = extractFragment(state.history.present, id);
    if (!fragment || !name.trim()) return;
    const root = state.history.present.children[id];
    setBusy(true);
    const result = await api<LibraryItem>('POST', 'saved-assets', {
      body: {
        data: {
          name: name.trim(),
          node_type: fragment.kind === 'block' && root ? root.type : fragment.kind,
          config: fragment.document,
        },
      },
    });
    setBusy(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: savedKey });
    notifySuccess(`Saved "${result.data.name}"`);
    setOpen(false);
  };

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconBookmark size={14} />}
        onClick={() => {
          setName(defaultName);
          setOpen(true);
        }}
      >
        Save as asset
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Save as asset">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack>
            <TextInput
              label="Asset name"
              data-autofocus
              maxLength={200}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={busy} disabled={!name.trim()}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

const KIND_LABELS: Record<string, string> = { section: 'Section', row: 'Row' };

/** The palette's "Saved" tab: the account's saved assets; clicking one inserts it near the selection. */
export function SavedAssetsPanel() {
  const { state, dispatch } = useEditor();
  const queryClient = useQueryClient();
  const assets = useQuery({
    queryKey: savedKey,
    queryFn: () => apiOrThrow<LibraryItem[]>('GET', 'saved-assets'),
  });

  const insert = (asset: LibraryItem) => {
    let fragment: EditorDocument;
    try {
      fragment = migrateDocument(asset.config, { kind: state.history.present.kind });
    } catch {
      notifyError(`"${asset.name}" cannot be read`);
      return;
    }
    dispatch({ type: 'insertSaved', nodeType: asset.node_type, fragment });
  };

  const remove = async (asset: LibraryItem) => {
    const result = await api<unknown>('DELETE', `saved-assets/${asset.id}`);
    if (result.error !== undefined) notifyError(result.error);
    await queryClient.invalidateQueries({ queryKey: savedKey });
  };

  if (assets.isPending)
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  if (!assets.data || assets.data.length === 0)
    return (
      <Text size="xs" c="dimmed" ta="center" py="lg">
        Nothing saved yet. Select a section, row or element and choose "Save as asset".
      </Text>
    );
  return (
    <Stack gap={6}>
      {assets.data.map((asset) => (
        <Group key={asset.id} gap={4} wrap="nowrap" className={classes.savedAsset}>
          <UnstyledButton flex={1} p={6} aria-label={`Insert ${asset.name}`} onClick={() => insert(asset)}>
            <Text size="sm" fw={500} truncate>
              {asset.name}
            </Text>
            <Text size="xs" c="dimmed">
              {KIND_LABELS[asset.node_type] ?? 'Element'}
            </Text>
          </UnstyledButton>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${asset.name}`}
            onClick={() => void remove(asset)}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
