import type { Usage } from '@funnelwork/domain';
import { formatCount } from '@funnelwork/domain/rules';
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';

/** Usage against each limit of the plan, as bars (unlimited ones say so). */
export function UsageBars({ usage }: { usage: Usage[] }) {
  return (
    <Card>
      <Title order={2} fz="lg" mb="md">
        Usage
      </Title>
      <Stack gap="md">
        {usage.map((item) => (
          <div key={item.key} data-testid={`usage-${item.key}`}>
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={500}>
                {item.title}
              </Text>
              <Text size="sm" c="dimmed">
                {item.limit === null
                  ? `${formatCount(item.used)} of unlimited`
                  : `${formatCount(item.used)} of ${formatCount(item.limit)}`}
              </Text>
            </Group>
            <Progress
              value={item.limit === null ? 0 : item.percent}
              color={item.percent >= 100 ? 'red' : item.percent >= 80 ? 'yellow' : 'indigo'}
              aria-label={item.title}
            />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
