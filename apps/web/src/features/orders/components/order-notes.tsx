import type { OrderNote } from '@funnelwork/domain';
import { formatNoteDate } from '@funnelwork/domain/rules';
import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteNote, useNotes, usePostNote, useUpdateNote } from '../api.ts';

/** "Order notes: a list of notes with Post and Save buttons" (disabled while the text is empty). */
export function OrderNotes({ orderId, canWrite }: { orderId: number; canWrite: boolean }) {
  const notes = useNotes(orderId);
  const [draft, setDraft] = useState('');
  const post = usePostNote(orderId);

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
        <Button
          size="xs"
          disabled={!canWrite || draft.trim() === ''}
          loading={post.isPending}
          onClick={() => post.mutate(draft, { onSuccess: () => setDraft('') })}
        >
          Post
        </Button>
      </Group>
      {notes.isPending && <Skeleton h={60} />}
      {notes.data?.map((note) => (
        <NoteItem key={note.id} note={note} canWrite={canWrite} />
      ))}
    </Stack>
  );
}

function NoteItem({ note, canWrite }: { note: OrderNote; canWrite: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const update = useUpdateNote(note.order_id, note.id);
  const remove = useDeleteNote(note.order_id, note.id);
  const busy = update.isPending || remove.isPending;
  const save = () => {
    if (editing !== null) update.mutate(editing, { onSuccess: () => setEditing(null) });
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
                onClick={() => remove.mutate(undefined)}
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
