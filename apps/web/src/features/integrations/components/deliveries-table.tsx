import type { Delivery } from '@funnelwork/domain/integrations/contracts';
import { Badge, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ErrorBox } from '../../../shared/error-box.tsx';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { type DeliveryLog, useDeliveries, useResendDelivery } from '../api.ts';

const STATUS_COLOURS: Record<Delivery['status'], string> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

/**
 * A delivery log (the account webhook's, or a funnel app's): status, response code, latency, attempts,
 * and Resend.
 */
export function DeliveriesTable({
  log,
  canResend,
  empty = 'No deliveries yet. Events you chose are sent here as they happen.',
}: {
  log: DeliveryLog;
  canResend: boolean;
  empty?: string;
}) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(log, page);
  const resend = useResendDelivery(log);
  const rows = deliveries.data?.data ?? [];
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Deliveries
      </Title>
      {deliveries.isError && <ErrorBox message={deliveries.error.message} />}
      {deliveries.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Deliveries" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Response</Table.Th>
                <Table.Th>Latency</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((delivery) => (
                <Table.Tr key={delivery.id} data-testid="delivery-row">
                  <Table.Td>
                    <Text size="sm">{delivery.event_type}</Text>
                    <Text size="xs" c="dimmed">
                      {delivery.event_id}
                    </Text>
                  </Table.Td>
                  {/* A long error in the next column must not squeeze the badge to "FAI…". */}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Badge color={STATUS_COLOURS[delivery.status]} variant="light">
                      {delivery.status}
                    </Badge>
                    {delivery.status === 'pending' && delivery.next_attempt_at && (
                      <Text size="xs" c="dimmed">
                        next try {dayjs(delivery.next_attempt_at).format('HH:mm:ss')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{delivery.response_code ?? '—'}</Text>
                    {delivery.error && (
                      <Text size="xs" c="red" maw={320} title={delivery.response_excerpt ?? undefined}>
                        {delivery.error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{delivery.latency_ms === null ? '—' : `${delivery.latency_ms} ms`}</Table.Td>
                  <Table.Td>{delivery.attempts}</Table.Td>
                  <Table.Td>{dayjs(delivery.created_at).format('DD MMM YYYY, HH:mm:ss')}</Table.Td>
                  <Table.Td>
                    <LockedButton
                      locked={!canResend}
                      size="xs"
                      variant="default"
                      loading={resend.isPending && resend.variables?.deliveryId === delivery.id}
                      onClick={() => resend.mutate({ deliveryId: delivery.id })}
                    >
                      Resend
                    </LockedButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(deliveries.data?.meta.total_pages ?? 0) > 1 && (
        <Group justify="center">
          <Pagination value={page} onChange={setPage} total={deliveries.data?.meta.total_pages ?? 1} />
        </Group>
      )}
    </Stack>
  );
}
