import {
  FILTER_KEYS,
  type FilterCondition,
  type FilterKey,
  formatCount,
  formatPrice,
} from '@funnelwork/domain/rules';
import { Group, Loader, Paper, Select, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useBreakdown } from '../api.ts';
import { filterKeyLabel, formatRate } from '../format.ts';
import type { RangeSeconds } from '../range.ts';

type TrafficBreakdownTableProps = {
  funnelId: number;
  range: RangeSeconds;
  conditions: ReadonlyArray<FilterCondition>;
  currency?: string | null;
};

/** `analytics/breakdown-v2`: the period's numbers per value of one filter key (UTM source by default). */
export function TrafficBreakdownTable({ funnelId, range, conditions, currency }: TrafficBreakdownTableProps) {
  const [key, setKey] = useState<FilterKey>('utm_source');
  const breakdown = useBreakdown(key, funnelId, range, conditions);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Traffic">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Traffic
        </Title>
        <Select
          aria-label="Split by"
          size="xs"
          w={200}
          allowDeselect={false}
          data={FILTER_KEYS.map((k) => ({ value: k, label: filterKeyLabel(k) }))}
          value={key}
          onChange={(value) => value && setKey(value as FilterKey)}
        />
      </Group>
      {breakdown.isError ? (
        <Text size="sm" c="red">
          {breakdown.error.message}
        </Text>
      ) : !breakdown.data ? (
        <Loader size="sm" />
      ) : breakdown.data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No visits in this period.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{filterKeyLabel(key)}</Table.Th>
                <Table.Th ta="right">Visitors</Table.Th>
                <Table.Th ta="right">Page views</Table.Th>
                <Table.Th ta="right">Optins</Table.Th>
                <Table.Th ta="right">Optin rate</Table.Th>
                <Table.Th ta="right">Orders</Table.Th>
                <Table.Th ta="right">Conv. rate</Table.Th>
                <Table.Th ta="right">Revenue</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {breakdown.data.rows.map((row) => (
                <Table.Tr key={row.value}>
                  <Table.Td>
                    {row.value === '' ? (
                      <Text c="dimmed" size="sm">
                        (none)
                      </Text>
                    ) : (
                      row.value
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(row.visits)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.page_views)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.optins)}</Table.Td>
                  <Table.Td ta="right">{formatRate(row.optin_rate)}</Table.Td>
                  <Table.Td ta="right">{formatCount(row.orders)}</Table.Td>
                  <Table.Td ta="right">{formatRate(row.conversion_rate)}</Table.Td>
                  <Table.Td ta="right">{formatPrice(row.revenue, currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
