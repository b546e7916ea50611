import { migrateDocument } from '@funnelwork/blocks';
import type { EmailTemplate, EmailTemplateVersion } from '@funnelwork/domain';
import { ORDER_DATE_OLDER } from '@funnelwork/domain/rules';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { RestoreVersionPopup } from '../../../shared/restore-version-popup.tsx';
import { useEditor } from '../../editor/index.ts';
import {
  emailEditorKeys,
  useRestoreTemplateVersion,
  useTemplateVersion,
  useTemplateVersions,
} from '../api.ts';

type TemplateIds = { userId: number; templateId: number };

/** What the e-mail changed since a version: blocks added, removed and edited, counted. */
function VersionChanges({ changes }: { changes: { added: string[]; removed: string[]; edited: string[] } }) {
  const { added, removed, edited } = changes;
  if (added.length + removed.length + edited.length === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="version-changes">
        The e-mail's blocks are the same as in this version.
      </Text>
    );
  const parts = [
    [added.length, 'added'],
    [removed.length, 'removed'],
    [edited.length, 'edited'],
  ] as const;
  return (
    <Text size="xs" data-testid="version-changes">
      Since this version:{' '}
      {parts
        .filter(([count]) => count > 0)
        .map(([count, what]) => `${count} ${count === 1 ? 'block' : 'blocks'} ${what}`)
        .join(', ')}
      .
    </Text>
  );
}

function VersionEntry({
  ids,
  version,
  canRestore,
  onRestored,
}: {
  ids: TemplateIds;
  version: EmailTemplateVersion;
  canRestore: boolean;
  onRestored: (template: EmailTemplate) => void;
}) {
  const { saveNow } = useEditor();
  const [open, setOpen] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const detail = useTemplateVersion(ids.userId, ids.templateId, open || previewing ? version.id : null);
  const restore = useRestoreTemplateVersion(ids.userId, ids.templateId);
  const when = dayjs(version.created_at).format(ORDER_DATE_OLDER);
  return (
    <Card withBorder p="xs" data-testid="email-version">
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Text size="sm" fw={600}>
          {when}
        </Text>
        {version.current && (
          <Badge size="xs" color="teal" variant="light">
            Sent now
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {version.user_name || 'Saved by a former member'}
      </Text>
      <Group gap={4} mt={6}>
        <Button size="compact-xs" variant="light" onClick={() => setPreviewing(true)}>
          Preview
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          Changes
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={!canRestore || version.current}
          onClick={() => setRestoring(true)}
        >
          Restore
        </Button>
      </Group>
      {open && detail.data && (
        <Stack mt={6}>
          <VersionChanges changes={detail.data.changes} />
        </Stack>
      )}
      <AppModal opened={previewing} onClose={() => setPreviewing(false)} size="xl" title={`Saved ${when}`}>
        {detail.data ? (
          // The saved e-mail as sent (merge tags unfilled), in a frame with no allowance: an opaque origin.
          <iframe
            title={`The e-mail as saved ${when}`}
            sandbox=""
            srcDoc={detail.data.content.html}
            style={{ width: '100%', height: '70vh', border: 0 }}
          />
        ) : (
          <Text>{detail.isError ? detail.error.message : 'Loading…'}</Text>
        )}
      </AppModal>
      <RestoreVersionPopup
        opened={restoring}
        onClose={() => setRestoring(false)}
        confirmLabel="Restore"
        loading={restore.isPending}
        onConfirm={async () => {
          if (!(await saveNow())) return;
          restore.mutate(version.id, {
            onSuccess: (template) => {
              onRestored(template);
              setRestoring(false);
            },
          });
        }}
      >
        The version of {when} is saved as the e-mail, and automations send it from now on. Unsaved changes are
        saved first, so they stay in the list.
      </RestoreVersionPopup>
    </Card>
  );
}

/** The e-mail editor's Versions panel: each save of the template, newest first, to preview and restore. */
export function EmailVersionsPanel({ ids, canRestore }: { ids: TemplateIds; canRestore: boolean }) {
  const versions = useTemplateVersions(ids.userId, ids.templateId);
  const { dispatch } = useEditor();
  const queryClient = useQueryClient();
  const onRestored = (template: EmailTemplate) => {
    queryClient.setQueryData(emailEditorKeys.template(ids.userId, ids.templateId), template);
    dispatch({
      type: 'load',
      document: migrateDocument(JSON.parse(template.config), { kind: 'email' }),
      code: { css: template.css, html: '', head_js: '', body_js: '' },
      version: 0,
    });
  };
  if (versions.isPending) return <Text size="sm">Loading…</Text>;
  if (versions.isError) return <Text size="sm">{versions.error.message}</Text>;
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        Each save is kept; the last 50 are listed.
      </Text>
      {versions.data.map((version) => (
        <VersionEntry
          key={version.id}
          ids={ids}
          version={version}
          canRestore={canRestore}
          onRestored={onRestored}
        />
      ))}
    </Stack>
  );
}
