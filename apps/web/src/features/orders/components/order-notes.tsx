import type { OrderNote } from '@funnelwork/domain';
import { formatNoteDate } from '@funnelwork/domain/rules';
import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError } from '../../../shared/notices.ts';
import { deleteNote, orderKeys, postNote, updateNote, useNotes } from '../api.ts';

/** "Order notes: a list of notes with Post and Save buttons" (disabled while the text is empty). */
export function OrderNotes({ orderId, canWrite }: { orderId: number; canWrite: boolean }) {
  const client = useQueryClient();
  const notes = useNotes(orderId);
  const [draft, setDraft] = useState('');
  const [posting, setPosting] = useState(false);
  // A note write adds its timeline event too.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: orderKeys.notes(orderId) }),
      client.invalidateQueries({ queryKey: orderKeys.timeline(orderId) }),
    ]);

  const post = async () => {
    setPosting(true);
    const result = await postNote(orderId, draft);
    setPosting(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    setDraft('');
    await refresh();
  };

  return (
    <Stack gap="sm" data-testid="order-notes">
      <Textarea
        aria-label="New note"
        placeholder="Write a note…"
        autosize
        minRows={2}
        maxLength={5000}
        value={draft}
        disabled={!canWrite}
        onChange={(e) => setDraft(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button size="xs" disabled={!canWrite || draft.trim() === ''} loading={posting} onClick={post}>
          Post
        </Button>
      </Group>
      {notes.isPending && <Skeleton h={60} />}
      {notes.data?.map((note) => (
        <NoteItem key={note.id} note={note} canWrite={canWrite} onChanged={refresh} />
      ))}
    </Stack>
  );
}

function NoteItem({
  note,
  canWrite,
  onChanged,
}: {
  note: OrderNote;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (editing === null) return;
    setBusy(true);
    const result = await updateNote(note.order_id, note.id, editing);
    setBusy(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    setEditing(null);
    onChanged();
  };
  const remove = async () => {
    setBusy(true);
    const result = await deleteNote(note.order_id, note.id);
    setBusy(false);
    if (result.error !== undefined) notifyError(result.error);
    else onChanged();
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="order-note">
      {editing === null ? (
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.value}
            </Text>
            <Text size="xs" c="dimmed">
              {formatNoteDate(note.updated_at)}
            </Text>
          </div>
          {canWrite && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Edit note"
                onClick={() => setEditing(note.value)}
              >
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label="Delete note"
                loading={busy}
                onClick={remove}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          )}
        </Group>
      ) : (
        <Stack gap="xs">
          <Textarea
            aria-label="Edit note"
            autosize
            minRows={2}
            maxLength={5000}
            value={editing}
            onChange={(e) => setEditing(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button size="xs" disabled={editing.trim() === ''} loading={busy} onClick={save}>
              Save
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
