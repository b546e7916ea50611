import { useState } from 'react';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { usePublishStep } from '../api.ts';
import { PublishPopup } from './publish-popup.tsx';

/** The step screen's Publish: the step's pages (its variants) go live, and the funnel with them. */
export function StepPublishButton({
  funnelId,
  stepId,
  canEdit,
}: {
  funnelId: number;
  stepId: number;
  canEdit: boolean;
}) {
  const publish = usePublishStep(funnelId, stepId);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <LockedButton locked={!canEdit} onClick={() => setOpened(true)}>
        Publish
      </LockedButton>
      <PublishPopup
        opened={opened}
        what="this step's pages"
        busy={publish.isPending}
        onClose={() => setOpened(false)}
        onPublish={(note) => publish.mutate({ note }, { onSuccess: () => setOpened(false) })}
      />
    </>
  );
}
