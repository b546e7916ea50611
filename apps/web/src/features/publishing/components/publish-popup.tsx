import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';

export const PUBLISH_NOTE_MAX = 200;

/**
 * 'Publish': what goes live, and an optional note kept with the version ('New headline'). The caller
 * publishes with the note and closes it.
 */
export function PublishPopup({
  opened,
  what,
  busy,
  onClose,
  onPublish,
}: {
  opened: boolean;
  /** What goes live, e.g. 'this page' or 'every page of the funnel'. */
  what: string;
  busy: boolean;
  onClose: () => void;
  onPublish: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  return (
    <AppModal opened={opened} onClose={onClose} title="Publish" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onPublish(note);
        }}
      >
        <Stack>
          <Text size="sm">Shoppers will see the current draft of {what}.</Text>
          <TextInput
            label="Note (optional)"
            description="What changed, so you can find this version again"
            placeholder="New headline"
            maxLength={PUBLISH_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Publish
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
