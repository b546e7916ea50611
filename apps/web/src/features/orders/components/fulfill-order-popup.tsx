import type { Order } from '@funnelwork/domain';
import { trackingSaveLabel } from '@funnelwork/domain/rules';
import { Button, Collapse, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { useAddTrackingInfo, useFulfillment, useFulfillOrder } from '../api.ts';
import { customerName } from './customer-name.ts';
import { OrderSummary } from './order-summary.tsx';
import { TrackingFields, type TrackingValues, trackingInput } from './tracking-fields.tsx';

type PopupProps = { order: Order; onClose: () => void };

const EMPTY: TrackingValues = {
  tracking_number: '',
  shipping_carrier: '',
  tracking_url: '',
  // "trigger-automations switch defaults to on".
  trigger_automations: true,
};

/** Fulfill order: summary and an optional expandable 'Tracking details' section. */
export function FulfillOrderPopup({ order, onClose }: PopupProps) {
  const [values, setValues] = useState(EMPTY);
  const [open, setOpen] = useState(false);
  const fulfill = useFulfillOrder(order.id);
  const submit = () => fulfill.mutate(trackingInput(order.id, values), { onSuccess: onClose });

  return (
    <AppModal opened onClose={onClose} title={`Fulfill order #${order.order_number}`} size="lg">
      <Stack>
        <Text>
          Customer: <strong>{customerName(order)}</strong>
        </Text>
        <OrderSummary order={order} name="fulfill-order-summary" />
        <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          <Group gap={6}>
            <Text fw={600}>Tracking details</Text>
            <IconChevronDown size={16} style={{ transform: open ? 'rotate(180deg)' : undefined }} />
          </Group>
        </UnstyledButton>
        <Collapse expanded={open}>
          <TrackingFields values={values} onChange={setValues} hideSwitchWithTrackingNumber={false} />
        </Collapse>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={fulfill.isPending} onClick={submit}>
            Fulfill order
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** Add tracking info: the save button reads 'Update' when the order already has a tracking number. */
export function TrackingInfoPopup({ order, onClose }: PopupProps) {
  const fulfillment = useFulfillment(order.id);
  const [values, setValues] = useState<TrackingValues | null>(null);
  const save = useAddTrackingInfo(order.id);

  useEffect(() => {
    if (values !== null || !fulfillment.data) return;
    const f = fulfillment.data;
    setValues({
      tracking_number: f.tracking_number ?? '',
      shipping_carrier: f.shipping_carrier ?? '',
      tracking_url: f.tracking_url ?? '',
      trigger_automations: f.trigger_automations,
    });
  }, [fulfillment.data, values]);

  const shown = values ?? (fulfillment.isError ? EMPTY : null);
  const submit = () => {
    if (shown) save.mutate(trackingInput(order.id, shown), { onSuccess: onClose });
  };

  return (
    <AppModal opened onClose={onClose} title="Add tracking info" size="md">
      <Stack>
        {shown ? (
          <TrackingFields values={shown} onChange={setValues} hideSwitchWithTrackingNumber />
        ) : (
          <Skeleton h={160} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} disabled={!shown} onClick={submit}>
            {trackingSaveLabel(fulfillment.data?.tracking_number)}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
