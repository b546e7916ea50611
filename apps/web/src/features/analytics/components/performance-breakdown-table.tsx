import type { PerformanceBreakdownAnswer } from '@funnelwork/domain';
import { AB_STATE_LABELS, formatCount, formatPrice } from '@funnelwork/domain/rules';
import { Paper, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { formatRate } from '../format.ts';

type Breakdown = PerformanceBreakdownAnswer['data'];
type Row = Breakdown['steps'][number] | Breakdown['steps'][number]['variants'][number];

const COLUMNS = [
  'Views',
  'Unique views',
  'Opt-ins',
  'Opt-in rate',
  'Orders',
  'Sales rate',
  'Order bump rate',
  'Upsell rate',
  'Revenue',
  'Avg. cart value',
  'Earnings per view',
] as const;

function cells(row: Row, currency: string | null) {
  return [
    formatCount(row.views),
    formatCount(row.unique_views),
    formatCount(row.optins),
    formatRate(row.optin_rate),
    formatCount(row.orders),
    formatRate(row.sales_rate),
    formatRate(row.order_bump_rate),
    formatRate(row.upsell_rate),
    formatPrice(row.revenue, currency),
    formatPrice(row.average_cart_value, currency),
    formatPrice(row.earnings_per_view, currency),
  ];
}

/**
 * The per-step breakdown: "for each step and each page variant — views, unique views, opt-ins and opt-in
 * rate, orders, sales rate (orders ÷ unique views), order-bump take rate, upsell take rate, revenue,
 * average cart value and earnings per page view", and each A/B test's verdict.
 */
export function PerformanceBreakdownTable({ breakdown }: { breakdown: Breakdown }) {
  const currency = breakdown.currency_code;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Steps">
      <Title order={2} fz="lg" mb="sm">
        Steps
      </Title>
      {breakdown.steps.length === 0 ? (
        <Text size="sm" c="dimmed">
          This funnel has no steps yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={1320}>
          <Table verticalSpacing="xs" striped={false} withRowBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={220}>Step / page</Table.Th>
                {COLUMNS.map((column) => (
                  <Table.Th key={column} ta="right">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {breakdown.steps.map((step) => (
                <Fragment key={step.step_id}>
                  <Table.Tr data-testid="breakdown-step" fw={600} bg="var(--mantine-color-gray-0)">
                    <Table.Td>
                      <Text size="sm" fw={700}>
                        {step.step_name}
                      </Text>
                      {step.verdict && (
                        <Text
                          size="xs"
                          fw={600}
                          c={step.verdict.enough_data ? 'indigo' : 'dimmed'}
                          data-testid="ab-verdict"
                          mt={2}
                        >
                          {step.verdict.text}
                        </Text>
                      )}
                    </Table.Td>
                    {cells(step, currency).map((value, i) => (
                      <Table.Td key={COLUMNS[i]} ta="right">
                        {value}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                  {step.variants.length > 1 &&
                    step.variants.map((variant, v) => (
                      <Table.Tr key={variant.page_id} data-testid="breakdown-variant">
                        <Table.Td pl="lg">
                          <Text size="sm">{`${String.fromCharCode(65 + v)}: ${variant.page_name}`}</Text>
                          {variant.ab_state && variant.ab_state !== 'active' ? (
                            <Text c="dimmed" size="xs">
                              {AB_STATE_LABELS[variant.ab_state]}
                            </Text>
                          ) : (
                            variant.ab_percent !== null && (
                              <Text c="dimmed" size="xs">{`${variant.ab_percent}% of traffic`}</Text>
                            )
                          )}
                          {step.verdict?.enough_data && step.verdict.best_probabilities[v] !== undefined && (
                            <Text size="xs" c="dimmed">
                              {`${Math.round((step.verdict.best_probabilities[v] ?? 0) * 100)} % chance to be best`}
                            </Text>
                          )}
                        </Table.Td>
                        {cells(variant, currency).map((value, i) => (
                          <Table.Td key={COLUMNS[i]} ta="right">
                            {value}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
