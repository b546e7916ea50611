import {
  formatPrice,
  SMS_TOP_UP_MAX_MINOR,
  SMS_TOP_UP_MIN_MINOR,
  toMinorUnits,
} from '@funnelwork/domain/rules';
import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useTopUp } from '../api.ts';

const newKey = () => crypto.randomUUID();

/** "Top up": an amount of the balance's currency paid by card (Funnelwork Payments' test cards in sandbox). */
export function TopUpPopup({ currency, onClose }: { currency: string; onClose: () => void }) {
  const topUp = useTopUp();
  const [amount, setAmount] = useState<number | string>(20);
  const [card, setCard] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  // One key for this popup's attempt: a retried or doubled click is the same top-up.
  const [key] = useState(newKey);
  const minor = typeof amount === 'number' ? toMinorUnits(amount) : 0;
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  const expiryOk = Boolean(month && year && month >= 1 && month <= 12);
  const complete =
    minor >= SMS_TOP_UP_MIN_MINOR &&
    minor <= SMS_TOP_UP_MAX_MINOR &&
    card.replace(/\s/g, '').length >= 12 &&
    expiryOk &&
    /^\d{3,4}$/.test(cvc);
  const pay = () =>
    topUp.mutate(
      {
        amount_minor: minor,
        idempotency_key: key,
        card: {
          number: card,
          exp_month: month as number,
          exp_year: (year as number) < 100 ? 2000 + (year as number) : (year as number),
          cvc,
        },
      },
      { onSuccess: onClose },
    );
  return (
    <AppModal opened onClose={onClose} title="Top up SMS balance">
      <Stack>
        <NumberInput
          label={`Amount (${currency})`}
          min={SMS_TOP_UP_MIN_MINOR / 100}
          max={SMS_TOP_UP_MAX_MINOR / 100}
          decimalScale={2}
          value={amount}
          onChange={setAmount}
          error={fieldError(topUp.error, 'data.amount_minor')}
        />
        <TextInput
          label="Card number"
          placeholder="4242 4242 4242 4242"
          value={card}
          onChange={(event) => setCard(event.currentTarget.value)}
          error={fieldError(topUp.error, 'data.card')}
        />
        <Group grow>
          <TextInput
            label="Expiry (MM/YY)"
            placeholder="12/30"
            value={expiry}
            onChange={(event) => setExpiry(event.currentTarget.value)}
          />
          <TextInput
            label="CVC"
            placeholder="123"
            value={cvc}
            onChange={(event) => setCvc(event.currentTarget.value)}
          />
        </Group>
        <Text size="xs" c="dimmed">
          Between {formatPrice(SMS_TOP_UP_MIN_MINOR / 100, currency)} and{' '}
          {formatPrice(SMS_TOP_UP_MAX_MINOR / 100, currency)}, paid once to Funnelwork.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!complete} loading={topUp.isPending} onClick={pay}>
            Pay {typeof amount === 'number' ? formatPrice(amount, currency) : ''}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
