import type { PublishStatus } from '@funnelwork/domain/rules';
import { ACCESS_DENIED_TOOLTIP } from '@funnelwork/domain/rules';
import { Button, Group, Tooltip } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { useEditor } from '../../editor/index.ts';
import { type PageIds, usePublishPage } from '../api.ts';
import { PublishPopup } from './publish-popup.tsx';
import { PublishStatusBadge } from './publish-status-badge.tsx';

/**
 * The page editor header's publish state and Publish: the draft is saved first, then goes live as a
 * new version (with the merchant's note). `published` is the draft version last published (null: never).
 */
export function PagePublishBar({
  ids,
  published,
  live,
  canPublish,
  onPublished,
}: {
  ids: PageIds;
  published: number | null;
  /** Whether the funnel is live: an unpublished funnel's pages are drafts for shoppers. */
  live: boolean;
  canPublish: boolean;
  onPublished: (revision: number | null) => void;
}) {
  const { state, dirty, saveNow } = useEditor();
  const publish = usePublishPage(ids);
  const [opened, setOpened] = useState(false);
  const status: PublishStatus =
    published === null || !live
      ? 'draft'
      : !dirty && state.saved.version === published
        ? 'published'
        : 'changed';
  const button = (
    <Button
      leftSection={<IconRocket size={16} />}
      onClick={() => canPublish && setOpened(true)}
      data-disabled={!canPublish || undefined}
      aria-disabled={!canPublish || undefined}
    >
      Publish
    </Button>
  );
  return (
    // Never narrower than its content: the header's other buttons give way first.
    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
      <PublishStatusBadge status={status} size="xs" />
      {canPublish ? (
        button
      ) : (
        <Tooltip label={ACCESS_DENIED_TOOLTIP} withArrow>
          {button}
        </Tooltip>
      )}
      <PublishPopup
        opened={opened}
        what="this page"
        busy={publish.isPending}
        onClose={() => setOpened(false)}
        onPublish={async (note) => {
          // What goes live is what the merchant sees: the draft is saved before it is published.
          if (!(await saveNow())) return;
          publish.mutate(
            { note },
            {
              onSuccess: (answer) => {
                onPublished(answer.pages.find((p) => p.page_id === ids.page)?.published_revision ?? null);
                setOpened(false);
              },
            },
          );
        }}
      />
    </Group>
  );
}
