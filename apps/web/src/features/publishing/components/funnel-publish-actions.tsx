import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { AppModal } from '../../../shared/popups.tsx';
import { usePublishFunnel, useUnpublishFunnel } from '../api.ts';
import { PublishPopup } from './publish-popup.tsx';

/** The overview's Publish (every page of the funnel and its geo-funnels) and Unpublish, for editors. */
export function FunnelPublishActions({
  funnelId,
  live,
  canEdit,
}: {
  funnelId: number;
  live: boolean;
  canEdit: boolean;
}) {
  const publish = usePublishFunnel(funnelId);
  const unpublish = useUnpublishFunnel(funnelId);
  const [publishing, setPublishing] = useState(false);
  const [unpublishing, setUnpublishing] = useState(false);
  return (
    <>
      <LockedButton locked={!canEdit} size="compact-sm" onClick={() => setPublishing(true)}>
        Publish
      </LockedButton>
      {live && (
        <LockedButton
          locked={!canEdit}
          size="compact-sm"
          variant="default"
          onClick={() => setUnpublishing(true)}
        >
          Unpublish
        </LockedButton>
      )}
      <PublishPopup
        opened={publishing}
        what="every page of this funnel"
        busy={publish.isPending}
        onClose={() => setPublishing(false)}
        onPublish={(note) => publish.mutate({ note }, { onSuccess: () => setPublishing(false) })}
      />
      <AppModal opened={unpublishing} onClose={() => setUnpublishing(false)} title="Unpublish" centered>
        <Stack>
          <Text size="sm">
            Shoppers will see a "not available" page at this funnel's addresses until you publish it again.
            Its pages and versions are kept.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setUnpublishing(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={unpublish.isPending}
              onClick={() => unpublish.mutate(undefined, { onSuccess: () => setUnpublishing(false) })}
            >
              Unpublish
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
