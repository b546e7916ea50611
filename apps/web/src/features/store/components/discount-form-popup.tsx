import type { Discount } from '@funnelwork/domain';
import { CURRENCIES, currencySymbol } from '@funnelwork/domain/rules';
import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { type DiscountInput, useSaveDiscount } from '../api.ts';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));

type DiscountFormPopupProps = {
  /** A discount to edit, 'new' to create one, null when closed. */
  discount: Discount | 'new' | null;
  defaultCurrency: string | null;
  onClose: () => void;
};

const toDay = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');
const fromDay = (day: string, endOfDay: boolean) =>
  day ? (endOfDay ? dayjs(day).endOf('day') : dayjs(day).startOf('day')).toISOString() : null;
const numberOrNull = (value: number | string) => (value === '' || value === null ? null : Number(value));

type DiscountForm = {
  code: string;
  kind: 'percent' | 'fixed';
  value: number | string;
  currency: string | null;
  usage_limit: number | string;
  usage_limit_per_customer: number | string;
  min_order: number | string;
  starts_at: string;
  ends_at: string;
  active: boolean;
};

const formOf = (d: Discount | null, defaultCurrency: string | null): DiscountForm => ({
  code: d?.code ?? '',
  kind: d?.kind ?? 'percent',
  value: d?.value ?? 10,
  currency: d?.currency ?? defaultCurrency,
  usage_limit: d?.usage_limit ?? '',
  usage_limit_per_customer: d?.usage_limit_per_customer ?? '',
  min_order: d?.min_order ?? '',
  starts_at: toDay(d?.starts_at ?? null),
  ends_at: toDay(d?.ends_at ?? null),
  active: d?.active ?? true,
});

const inputOf = (form: DiscountForm): DiscountInput => ({
  code: form.code.trim(),
  kind: form.kind,
  value: Number(form.value) || 0,
  currency: form.kind === 'fixed' ? form.currency : null,
  usage_limit: numberOrNull(form.usage_limit),
  usage_limit_per_customer: numberOrNull(form.usage_limit_per_customer),
  min_order: numberOrNull(form.min_order),
  starts_at: fromDay(form.starts_at, false),
  ends_at: fromDay(form.ends_at, true),
  active: form.active,
});

/** The three optional limits, each a number input with its own bounds. */
const LIMITS = [
  { field: 'usage_limit', label: 'Uses in total', placeholder: 'Unlimited', min: 1, allowDecimal: false },
  {
    field: 'usage_limit_per_customer',
    label: 'Uses per customer',
    placeholder: 'Unlimited',
    min: 1,
    allowDecimal: false,
  },
  { field: 'min_order', label: 'Minimum order', placeholder: 'None', min: 0, decimalScale: 2 },
] as const;

const DATES = [
  { field: 'starts_at', label: 'Starts on' },
  { field: 'ends_at', label: 'Ends on' },
] as const;

export function DiscountFormPopup({ discount, defaultCurrency, onClose }: DiscountFormPopupProps) {
  const editing = discount !== null && discount !== 'new' ? discount : null;
  const [form, setForm] = useState(() => formOf(null, defaultCurrency));
  const save = useSaveDiscount(editing);
  const { reset } = save;
  const set = <K extends keyof DiscountForm>(field: K, value: DiscountForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }));
  // The server's message about a field, as it sent it.
  const errorOf = (field: keyof DiscountForm) =>
    save.error?.failure.info.field === `data.${field}` ? save.error.failure.info.data : undefined;

  useEffect(() => {
    if (discount === null) return;
    setForm(formOf(discount === 'new' ? null : discount, defaultCurrency));
    reset();
  }, [discount, defaultCurrency, reset]);

  return (
    <AppModal
      opened={discount !== null}
      onClose={onClose}
      title={editing ? 'Edit discount' : 'New discount'}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(inputOf(form), { onSuccess: onClose });
        }}
      >
        <Stack>
          <TextInput
            label="Discount code"
            placeholder="SUMMER20"
            data-autofocus
            maxLength={50}
            value={form.code}
            error={errorOf('code')}
            onChange={(e) => set('code', e.currentTarget.value.toUpperCase())}
          />
          <SegmentedControl
            aria-label="Kind of discount"
            value={form.kind}
            onChange={(v) => set('kind', v as DiscountForm['kind'])}
            data={[
              { value: 'percent', label: 'Percentage' },
              { value: 'fixed', label: 'Fixed amount' },
            ]}
          />
          <SimpleGrid cols={2}>
            <NumberInput
              label={form.kind === 'percent' ? 'Percent off' : 'Amount off'}
              min={0}
              max={form.kind === 'percent' ? 100 : undefined}
              decimalScale={2}
              suffix={form.kind === 'percent' ? ' %' : undefined}
              prefix={form.kind === 'fixed' ? currencySymbol(form.currency) : undefined}
              value={form.value}
              error={errorOf('value')}
              onChange={(value) => set('value', value)}
            />
            {form.kind === 'fixed' && (
              <Select
                label="Currency"
                data={CURRENCY_OPTIONS}
                searchable
                value={form.currency}
                onChange={(currency) => set('currency', currency)}
              />
            )}
          </SimpleGrid>
          <SimpleGrid cols={3}>
            {LIMITS.map(({ field, ...bounds }) => (
              <NumberInput
                key={field}
                {...bounds}
                value={form[field]}
                error={errorOf(field)}
                onChange={(value) => set(field, value)}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={2}>
            {DATES.map(({ field, label }) => (
              <TextInput
                key={field}
                label={label}
                type="date"
                value={form[field]}
                error={errorOf(field)}
                onChange={(e) => set(field, e.currentTarget.value)}
              />
            ))}
          </SimpleGrid>
          <Switch
            label="Active"
            checked={form.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!form.code.trim() || !(Number(form.value) > 0)}
            >
              {editing ? 'Save discount' : 'Create discount'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
