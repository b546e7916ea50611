import type { AppAnswer } from '@funnelwork/domain/apps/contracts';
import { Badge } from '@mantine/core';

/** What an app needs before it can act: its integration connected, and the account's switch on. */
export function AppStatusBadge({ app }: { app: AppAnswer }) {
  if (!app.active)
    return (
      <Badge color="gray" variant="light">
        Off
      </Badge>
    );
  if (!app.integration_ready) {
    return (
      <Badge color="orange" variant="light" title={`Connect ${app.integration_name} first`}>
        Not connected
      </Badge>
    );
  }
  return (
    <Badge color="green" variant="light">
      {app.funnels === 1 ? 'In 1 funnel' : `In ${app.funnels} funnels`}
    </Badge>
  );
}
