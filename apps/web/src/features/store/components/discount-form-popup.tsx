import type { Discount } from '@funnelwork/domain';
import { CURRENCIES, currencySymbol } from '@funnelwork/domain/rules';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../../shared/notices.ts';
import { createDiscount, type DiscountInput, discountKeys, updateDiscount } from '../api.ts';

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

export function DiscountFormPopup({ discount, defaultCurrency, onClose }: DiscountFormPopupProps) {
  const queryClient = useQueryClient();
  const editing = discount !== null && discount !== 'new' ? discount : null;
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'fixed'>('percent');
  const [value, setValue] = useState<number | string>(10);
  const [currency, setCurrency] = useState<string | null>(defaultCurrency);
  const [usageLimit, setUsageLimit] = useState<number | string>('');
  const [perCustomer, setPerCustomer] = useState<number | string>('');
  const [minOrder, setMinOrder] = useState<number | string>('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (discount === null) return;
    const d = discount === 'new' ? null : discount;
    setCode(d?.code ?? '');
    setKind(d?.kind ?? 'percent');
    setValue(d?.value ?? 10);
    setCurrency(d?.currency ?? defaultCurrency);
    setUsageLimit(d?.usage_limit ?? '');
    setPerCustomer(d?.usage_limit_per_customer ?? '');
    setMinOrder(d?.min_order ?? '');
    setStartsAt(toDay(d?.starts_at ?? null));
    setEndsAt(toDay(d?.ends_at ?? null));
    setActive(d?.active ?? true);
    setErrors({});
  }, [discount, defaultCurrency]);

  const save = async () => {
    setBusy(true);
    setErrors({});
    const data: DiscountInput = {
      code: code.trim(),
      kind,
      value: Number(value) || 0,
      currency: kind === 'fixed' ? currency : null,
      usage_limit: numberOrNull(usageLimit),
      usage_limit_per_customer: numberOrNull(perCustomer),
      min_order: numberOrNull(minOrder),
      starts_at: fromDay(startsAt, false),
      ends_at: fromDay(endsAt, true),
      active,
    };
    const result = editing ? await updateDiscount(editing.id, data) : await createDiscount(data);
    setBusy(false);
    if (result.error !== undefined) {
      const field =
        result.info.field?.replace(/^data\./, '') ?? (result.info.status === 409 ? 'code' : undefined);
      if (field) setErrors({ [field]: result.info.data });
      notifyError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: discountKeys.all });
    notifySuccess(editing ? `Discount ${result.data.code} saved` : `Discount ${result.data.code} created`);
    onClose();
  };

  return (
    <Modal
      opened={discount !== null}
      onClose={onClose}
      title={editing ? 'Edit discount' : 'New discount'}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput
            label="Discount code"
            placeholder="SUMMER20"
            data-autofocus
            maxLength={50}
            value={code}
            error={errors.code}
            onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
          />
          <SegmentedControl
            aria-label="Kind of discount"
            value={kind}
            onChange={(v) => setKind(v as 'percent' | 'fixed')}
            data={[
              { value: 'percent', label: 'Percentage' },
              { value: 'fixed', label: 'Fixed amount' },
            ]}
          />
          <SimpleGrid cols={2}>
            <NumberInput
              label={kind === 'percent' ? 'Percent off' : 'Amount off'}
              min={0}
              max={kind === 'percent' ? 100 : undefined}
              decimalScale={2}
              suffix={kind === 'percent' ? ' %' : undefined}
              prefix={kind === 'fixed' ? currencySymbol(currency) : undefined}
              value={value}
              error={errors.value}
              onChange={setValue}
            />
            {kind === 'fixed' && (
              <Select
                label="Currency"
                data={CURRENCY_OPTIONS}
                searchable
                value={currency}
                onChange={setCurrency}
              />
            )}
          </SimpleGrid>
          <SimpleGrid cols={3}>
            <NumberInput
              label="Uses in total"
              placeholder="Unlimited"
              min={1}
              allowDecimal={false}
              value={usageLimit}
              error={errors.usage_limit}
              onChange={setUsageLimit}
            />
            <NumberInput
              label="Uses per customer"
              placeholder="Unlimited"
              min={1}
              allowDecimal={false}
              value={perCustomer}
              error={errors.usage_limit_per_customer}
              onChange={setPerCustomer}
            />
            <NumberInput
              label="Minimum order"
              placeholder="None"
              min={0}
              decimalScale={2}
              value={minOrder}
              error={errors.min_order}
              onChange={setMinOrder}
            />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <TextInput
              label="Starts on"
              type="date"
              value={startsAt}
              error={errors.starts_at}
              onChange={(e) => setStartsAt(e.currentTarget.value)}
            />
            <TextInput
              label="Ends on"
              type="date"
              value={endsAt}
              error={errors.ends_at}
              onChange={(e) => setEndsAt(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!code.trim() || !(Number(value) > 0)}>
              {editing ? 'Save discount' : 'Create discount'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
