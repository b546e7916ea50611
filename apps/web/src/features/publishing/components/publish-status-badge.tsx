import { PUBLISH_STATUS_LABELS, type PublishStatus } from '@funnelwork/domain/rules';
import { Badge } from '@mantine/core';

const COLORS: Record<PublishStatus, string> = { published: 'teal', draft: 'gray', changed: 'orange' };

/** 'Published', 'Draft' or 'Changes not published'. */
export function PublishStatusBadge({ status, size = 'sm' }: { status: PublishStatus; size?: 'xs' | 'sm' }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      size={size}
      data-testid="publish-status"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {PUBLISH_STATUS_LABELS[status]}
    </Badge>
  );
}
