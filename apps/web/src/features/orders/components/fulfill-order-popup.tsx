import type { Order } from '@funnelwork/domain';
import { trackingSaveLabel } from '@funnelwork/domain/rules';
import { Button, Collapse, Group, Modal, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notifyError } from '../../../shared/notices.ts';
import { addTrackingInfo, fulfillOrder, orderKeys, patchOrder, useFulfillment } from '../api.ts';
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
  const client = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    const result = await fulfillOrder(order.id, trackingInput(order.id, values));
    setSaving(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    patchOrder(client, order.id, { is_fulfilled: result.data.is_fulfilled });
    void client.invalidateQueries({ queryKey: orderKeys.fulfillment(order.id) });
    void client.invalidateQueries({ queryKey: orderKeys.timeline(order.id) });
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={`Fulfill order #${order.order_number}`} size="lg">
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
          <Button loading={saving} onClick={submit}>
            Fulfill order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Add tracking info: the save button reads 'Update' when the order already has a tracking number. */
export function TrackingInfoPopup({ order, onClose }: PopupProps) {
  const client = useQueryClient();
  const fulfillment = useFulfillment(order.id);
  const [values, setValues] = useState<TrackingValues | null>(null);
  const [saving, setSaving] = useState(false);

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
  const submit = async () => {
    if (!shown) return;
    setSaving(true);
    const result = await addTrackingInfo(order.id, trackingInput(order.id, shown));
    setSaving(false);
    if (result.error !== undefined) {
      notifyError(result.error);
      return;
    }
    client.setQueryData(orderKeys.fulfillment(order.id), result.data);
    void client.invalidateQueries({ queryKey: orderKeys.timeline(order.id) });
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title="Add tracking info" size="md">
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
          <Button loading={saving} disabled={!shown} onClick={submit}>
            {trackingSaveLabel(fulfillment.data?.tracking_number)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
