import { type EditorDocument, migrateDocument } from '@funnelwork/blocks';
import type { PageVersion, PageVersionDetail } from '@funnelwork/domain';
import { ORDER_DATE_OLDER } from '@funnelwork/domain/rules';
import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { RestoreVersionPopup } from '../../../shared/restore-version-popup.tsx';
import { DocumentPreview, useEditor } from '../../editor/index.ts';
import { useShownDocument } from '../../page-editor/sellable.tsx';
import { type PageIds, usePageVersion, usePageVersions, useRestoreVersion } from '../api.ts';

const blockLabel = (document: EditorDocument | null, id: string) => {
  const type = document?.children[id]?.type ?? 'block';
  return `${type.charAt(0).toUpperCase()}${type.slice(1)} #${id}`;
};

/** What the draft changed since a version: blocks added, removed and edited, by id. */
function VersionChanges({ detail, version }: { detail: PageVersionDetail; version: EditorDocument | null }) {
  const { state } = useEditor();
  const draft = state.history.present;
  const { added, removed, edited } = detail.changes;
  if (added.length + removed.length + edited.length === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="version-changes">
        The draft's blocks are the same as in this version.
      </Text>
    );
  const rows: Array<[string, string[], EditorDocument | null]> = [
    ['Added in the draft', added, draft],
    ['Removed in the draft', removed, version],
    ['Edited in the draft', edited, draft],
  ];
  return (
    <Stack gap={4} data-testid="version-changes">
      {rows
        .filter(([, ids]) => ids.length > 0)
        .map(([title, ids, document]) => (
          <div key={title}>
            <Text size="xs" fw={600}>
              {title}
            </Text>
            <List size="xs" spacing={0}>
              {ids.map((id) => (
                <List.Item key={id}>{blockLabel(document, id)}</List.Item>
              ))}
            </List>
          </div>
        ))}
    </Stack>
  );
}

function versionDocument(detail: PageVersionDetail | undefined): EditorDocument | null {
  if (!detail) return null;
  try {
    return migrateDocument(detail.content.config, { kind: 'page' });
  } catch {
    return null;
  }
}

/** A version as shoppers saw it, at every device width (the editor's preview). */
function VersionPreview({ document, detail }: { document: EditorDocument; detail: PageVersionDetail }) {
  const shown = useShownDocument(document);
  const { content } = detail;
  return (
    <DocumentPreview
      document={shown}
      code={{ css: content.css, html: content.html, head_js: content.head_js, body_js: content.body_js }}
      title={`Version of ${dayjs(detail.created_at).format(ORDER_DATE_OLDER)}`}
    />
  );
}

function VersionEntry({
  ids,
  version,
  canRestore,
}: {
  ids: PageIds;
  version: PageVersion;
  canRestore: boolean;
}) {
  const { dispatch, saveNow } = useEditor();
  const [open, setOpen] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const detail = usePageVersion(ids, open || previewing ? version.id : null);
  const document = useMemo(() => versionDocument(detail.data), [detail.data]);
  const restore = useRestoreVersion(ids);
  const when = dayjs(version.created_at).format(ORDER_DATE_OLDER);
  return (
    <Card withBorder p="xs" data-testid="page-version">
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Text size="sm" fw={600}>
          {when}
        </Text>
        {version.live && (
          <Badge size="xs" color="teal" variant="light">
            Live
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {version.user_name || 'Published before versions were kept'}
      </Text>
      {version.note && <Text size="xs">{version.note}</Text>}
      <Group gap={4} mt={6}>
        <Button size="compact-xs" variant="light" onClick={() => setPreviewing(true)}>
          Preview
        </Button>
        <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          Changes
        </Button>
        <Button size="compact-xs" variant="subtle" disabled={!canRestore} onClick={() => setRestoring(true)}>
          Restore
        </Button>
      </Group>
      {open && detail.data && (
        <Stack mt={6}>
          <VersionChanges detail={detail.data} version={document} />
        </Stack>
      )}
      <AppModal
        opened={previewing}
        onClose={() => setPreviewing(false)}
        fullScreen
        padding={0}
        title={`Published ${when}`}
      >
        {document && detail.data ? (
          <VersionPreview document={document} detail={detail.data} />
        ) : (
          <Text p="md">{detail.isError ? detail.error.message : 'Loading…'}</Text>
        )}
      </AppModal>
      <RestoreVersionPopup
        opened={restoring}
        onClose={() => setRestoring(false)}
        confirmLabel="Restore as draft"
        loading={restore.isPending}
        onConfirm={async () => {
          // A pending autosave lands first, so the restore is the newest draft.
          if (!(await saveNow())) return;
          restore.mutate(version.id, {
            onSuccess: (page) => {
              dispatch({
                type: 'load',
                document: migrateDocument(page.config, { kind: 'page' }),
                code: { css: page.css, html: page.html, head_js: page.head_js, body_js: page.body_js },
                version: page.version,
              });
              setRestoring(false);
            },
          });
        }}
      >
        The version of {when} replaces the current draft. Shoppers keep the published page until you publish.
      </RestoreVersionPopup>
    </Card>
  );
}

/** The editor's Versions panel: each publish of the page, newest first, to preview, compare and restore. */
export function PageVersionsPanel({ ids, canRestore }: { ids: PageIds; canRestore: boolean }) {
  const versions = usePageVersions(ids);
  if (versions.isPending) return <Text size="sm">Loading…</Text>;
  if (versions.isError) return <Text size="sm">{versions.error.message}</Text>;
  if (versions.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No versions yet: each time you publish, what went live is kept here.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        The last 50 published versions are kept.
      </Text>
      {versions.data.map((version) => (
        <VersionEntry key={version.id} ids={ids} version={version} canRestore={canRestore} />
      ))}
    </Stack>
  );
}
