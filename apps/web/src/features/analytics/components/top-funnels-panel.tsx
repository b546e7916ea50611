import type { DashboardSummaryAnswer } from '@funnelwork/domain';
import { formatCount, formatDelta, formatPrice } from '@funnelwork/domain/rules';
import { Anchor, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format.ts';
import { formatMetric, topFunnelPath } from '../format.ts';

type TopFunnel = DashboardSummaryAnswer['data']['top_funnels'][number];

/**
 * "A 'Top Funnels' panel with View All to /funnels; each row links to /wfunnel/{id} when funnel_type is
 * 1, else /funnel/{id}; shows name, updated date, revenue, orders, conversion rate against the previous
 * period."
 */
export function TopFunnelsPanel({ funnels }: { funnels: TopFunnel[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Top Funnels">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Top Funnels
        </Title>
        <Button component={Link} to="/funnels" variant="subtle" size="compact-sm">
          View All
        </Button>
      </Group>
      {funnels.length === 0 ? (
        <Text size="sm" c="dimmed">
          No funnel has had a visit in this period.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Funnel</Table.Th>
                <Table.Th>Updated</Table.Th>
                <Table.Th ta="right">Revenue</Table.Th>
                <Table.Th ta="right">Orders</Table.Th>
                <Table.Th ta="right">Conv. rate</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {funnels.map((funnel) => {
                const conversion = funnel.conversion_rate;
                return (
                  <Table.Tr key={funnel.funnel_id} data-testid="top-funnel">
                    <Table.Td>
                      <Anchor component={Link} to={topFunnelPath(funnel)} fw={600} size="sm">
                        {funnel.funnel_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {funnel.updated_at ? formatDate(funnel.updated_at) : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatPrice(funnel.revenue, funnel.currency_code)}</Table.Td>
                    <Table.Td ta="right">{formatCount(funnel.orders)}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        <Text size="sm">{formatMetric('rate', conversion.value)}</Text>
                        <Badge
                          size="xs"
                          variant="light"
                          color={conversion.delta > 0 ? 'teal' : conversion.delta < 0 ? 'red' : 'gray'}
                          title={`Prior period: ${formatMetric('rate', conversion.old_value)}`}
                        >
                          {formatDelta(conversion.delta)}
                        </Badge>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
