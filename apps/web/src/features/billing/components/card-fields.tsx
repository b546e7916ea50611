import { Group, NumberInput, Text, TextInput } from '@mantine/core';

export type CardValue = { number: string; exp_month: number | ''; exp_year: number | ''; cvc: string };
export const emptyCard = (): CardValue => ({ number: '', exp_month: '', exp_year: '', cvc: '' });

/** The card as the billing calls take it; incomplete numbers are left for the server to name. */
export const cardPayment = (card: CardValue) => ({
  card: {
    number: card.number,
    exp_month: Number(card.exp_month) || 0,
    exp_year: Number(card.exp_year) || 0,
    cvc: card.cvc,
  },
});

/** Card number, expiry and CVC; `error` is the server's message about the payment. */
export function CardFields({
  value,
  onChange,
  error,
}: {
  value: CardValue;
  onChange: (value: CardValue) => void;
  error?: string;
}) {
  const set = (patch: Partial<CardValue>) => onChange({ ...value, ...patch });
  return (
    <>
      <TextInput
        label="Card number"
        placeholder="4242 4242 4242 4242"
        autoComplete="cc-number"
        inputMode="numeric"
        value={value.number}
        onChange={(event) => set({ number: event.currentTarget.value })}
        error={error}
        required
      />
      <Group grow>
        <NumberInput
          label="Expiry month"
          placeholder="MM"
          min={1}
          max={12}
          autoComplete="cc-exp-month"
          value={value.exp_month}
          onChange={(month) => set({ exp_month: typeof month === 'number' ? month : '' })}
          required
        />
        <NumberInput
          label="Expiry year"
          placeholder="YYYY"
          min={2000}
          max={2100}
          autoComplete="cc-exp-year"
          value={value.exp_year}
          onChange={(year) => set({ exp_year: typeof year === 'number' ? year : '' })}
          required
        />
        <TextInput
          label="CVC"
          placeholder="123"
          autoComplete="cc-csc"
          inputMode="numeric"
          value={value.cvc}
          onChange={(event) => set({ cvc: event.currentTarget.value })}
          required
        />
      </Group>
      <Text size="xs" c="dimmed">
        Test mode: pay with the test card 4242 4242 4242 4242, any future expiry date and any CVC.
      </Text>
    </>
  );
}
