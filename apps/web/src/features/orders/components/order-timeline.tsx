import type { Order } from '@funnelwork/domain';
import { formatPrice, formatTimelineDate } from '@funnelwork/domain/rules';
import { Badge, Button, Group, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useEffect } from 'react';
import { notifyError } from '../../../shared/notices.ts';
import { useRetryEvent, useTimeline } from '../api.ts';
import { eventTypeLabel, offersRetry, parseEventValue, paymentProviderName } from '../timeline.ts';

const TYPE_COLORS: Record<number, string> = { 1: 'red', 3: 'yellow', 4: 'grape', 5: 'gray', 8: 'teal' };

/** The order's events, newest first; retryable error events offer Retry. */
export function OrderTimeline({ order, canWrite }: { order: Order; canWrite: boolean }) {
  const timeline = useTimeline(order.id);
  const retry = useRetryEvent(order.id);

  // "Timeline load failure: the error is reported".
  useEffect(() => {
    if (timeline.isError) notifyError(timeline.error.message);
  }, [timeline.isError, timeline.error]);

  if (timeline.isPending) return <Skeleton h={120} />;
  if (timeline.isError)
    return (
      <Text c="dimmed" size="sm">
        The timeline could not be loaded.
      </Text>
    );
  const events = timeline.data ?? [];
  if (events.length === 0) return <Text c="dimmed">No events yet.</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="order-timeline">
      {events.map((event) => {
        const value = parseEventValue(event.value);
        return (
          <Timeline.Item key={event.id} color={TYPE_COLORS[event.type] ?? 'blue'} title={event.name}>
            <Stack gap={2}>
              <Group gap={6}>
                <Badge size="xs" variant="light" color={TYPE_COLORS[event.type] ?? 'blue'}>
                  {eventTypeLabel(event.type)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatTimelineDate(event.created_at)}
                </Text>
              </Group>
              {value.amount !== undefined && (
                <Text size="sm">
                  {formatPrice(value.amount, order.currency_code)}
                  {value.gatewayId !== undefined &&
                    ` via ${paymentProviderName(order.app_id, value.gatewayId)}`}
                </Text>
              )}
              {value.ref && (
                <Text size="xs" c="dimmed">
                  Reference: {value.ref}
                </Text>
              )}
              {value.desc && <Text size="sm">{value.desc}</Text>}
              {value.error && (
                <Text size="sm" c="red">
                  {value.error}
                </Text>
              )}
              {offersRetry(value) && (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  w="fit-content"
                  disabled={!canWrite}
                  loading={retry.isPending && retry.variables === event.id}
                  onClick={() => retry.mutate(event.id)}
                >
                  Retry
                </Button>
              )}
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
