import { type EditorDocument, extractFragment, migrateDocument, type NodeId } from '@funnelwork/blocks';
import type { LibraryItem } from '@funnelwork/domain';
import {
  ActionIcon,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconBookmark, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError } from '../../../shared/notices.ts';
import { AppModal } from '../../../shared/popups.tsx';
import { useDeleteSavedAsset, useSaveAsset, useSavedAssets } from '../saved-assets-api.ts';
import { useEditor } from '../state/editor-context.tsx';
import classes from './editor.module.css';

/** "Save as asset": the selected section, row or block, alone in a document, as a saved asset. */
export function SaveAsAssetButton({ id, defaultName }: { id: NodeId; defaultName: string }) {
  const { state } = useEditor();
  const saveAsset = useSaveAsset();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName);

  const save = () => {
    const fragment = extractFragment(state.history.present, id);
    if (!fragment || !name.trim()) return;
    const root = state.history.present.children[id];
    saveAsset.mutate(
      {
        name: name.trim(),
        node_type: fragment.kind === 'block' && root ? root.type : fragment.kind,
        config: fragment.document,
      },
      { onSuccess: () => setOpen(false) },
    );
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
      <AppModal opened={open} onClose={() => setOpen(false)} title="Save as asset">
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
              <Button type="submit" loading={saveAsset.isPending} disabled={!name.trim()}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </>
  );
}

const KIND_LABELS: Record<string, string> = { section: 'Section', row: 'Row' };

/** The palette's "Saved" tab: the account's saved assets; clicking one inserts it near the selection. */
export function SavedAssetsPanel() {
  const { state, dispatch } = useEditor();
  const assets = useSavedAssets();
  const deleteAsset = useDeleteSavedAsset();

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
            onClick={() => deleteAsset.mutate(asset.id)}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
