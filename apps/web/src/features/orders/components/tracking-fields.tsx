import type { FulfillmentInput } from '@funnelwork/domain';
import {
  SHIPPING_CARRIERS,
  type ShippingCarrier,
  showsTrackingUrl,
  showsTriggerAutomations,
} from '@funnelwork/domain/rules';
import { Select, Stack, TextInput } from '@mantine/core';
import { ToggleSwitch } from '../../../shared/toggle-switch.tsx';

export type TrackingValues = {
  tracking_number: string;
  /** '' while none is chosen. */
  shipping_carrier: ShippingCarrier | '';
  tracking_url: string;
  trigger_automations: boolean;
};

type TrackingFieldsProps = {
  values: TrackingValues;
  onChange: (values: TrackingValues) => void;
  /** The tracking-info popup hides the switch once a tracking number is entered. */
  hideSwitchWithTrackingNumber: boolean;
  urlError?: string | null;
};

/** Tracking number, shipping carrier, tracking URL and 'Trigger fulfillment automations'. */
export function TrackingFields({
  values,
  onChange,
  hideSwitchWithTrackingNumber,
  urlError,
}: TrackingFieldsProps) {
  const set = (patch: Partial<TrackingValues>) => onChange({ ...values, ...patch });
  const showSwitch = !hideSwitchWithTrackingNumber || showsTriggerAutomations(values.tracking_number);
  return (
    <Stack gap="sm">
      <TextInput
        label="Tracking number"
        value={values.tracking_number}
        maxLength={200}
        onChange={(e) => set({ tracking_number: e.currentTarget.value })}
      />
      <Select
        label="Shipping carrier"
        placeholder="Select a carrier"
        clearable
        data={SHIPPING_CARRIERS.map((c) => ({ value: c.value, label: c.label }))}
        value={values.shipping_carrier || null}
        onChange={(value) => set({ shipping_carrier: carrierOf(value) })}
        comboboxProps={{ withinPortal: true, zIndex: 1000 }}
      />
      {/* "The tracking URL field shows only when the carrier is empty or 'other'." */}
      {showsTrackingUrl(values.shipping_carrier) && (
        <TextInput
          label="Tracking URL"
          placeholder="https://"
          value={values.tracking_url}
          maxLength={2000}
          error={urlError}
          onChange={(e) => set({ tracking_url: e.currentTarget.value })}
        />
      )}
      {showSwitch && (
        <ToggleSwitch
          label="Trigger fulfillment automations"
          checked={values.trigger_automations}
          onChange={(checked) => set({ trigger_automations: checked })}
        />
      )}
    </Stack>
  );
}

/** The carrier the Select chose ('' for none): its value is one of SHIPPING_CARRIERS'. */
const carrierOf = (value: string | null): ShippingCarrier | '' =>
  SHIPPING_CARRIERS.find((carrier) => carrier.value === value)?.value ?? '';

/** The body fields, with the URL dropped when the field is hidden (the server drops it too). */
export function trackingInput(orderId: number, values: TrackingValues): FulfillmentInput {
  return {
    order_id: orderId,
    tracking_number: values.tracking_number.trim(),
    shipping_carrier: values.shipping_carrier,
    tracking_url: showsTrackingUrl(values.shipping_carrier) ? values.tracking_url.trim() : '',
    trigger_automations: values.trigger_automations,
  };
}
