import type { BillingDetails } from '@funnelwork/domain';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useUpdateBillingDetails } from '../api.ts';
import { CardFields, cardPayment, emptyCard } from './card-fields.tsx';

/** The card renewals charge, and a popup to replace it (POST billing/update-details). */
export function PaymentMethodCard({ details }: { details: BillingDetails }) {
  const [open, setOpen] = useState(false);
  const [card, setCard] = useState(emptyCard);
  const update = useUpdateBillingDetails();
  const method = details.payment_method;
  const close = () => {
    setOpen(false);
    setCard(emptyCard());
    update.reset();
  };
  return (
    <Card>
      <Group justify="space-between">
        <div>
          <Title order={2} fz="lg">
            Payment method
          </Title>
          <Text size="sm" c="dimmed" mt={4} data-testid="payment-method">
            {method
              ? `${method.brand} ending in ${method.last4}, expires ${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`
              : 'No card on file: you add one when you choose a plan.'}
          </Text>
        </div>
        {details.renews && (
          <Button variant="light" onClick={() => setOpen(true)}>
            Update card
          </Button>
        )}
      </Group>
      <AppModal opened={open} onClose={close} title="Update your card">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate(cardPayment(card), { onSuccess: close });
          }}
        >
          <Stack>
            <CardFields
              value={card}
              onChange={(value) => {
                setCard(value);
                update.reset();
              }}
              error={fieldError(update.error, 'data.payment')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save card
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </Card>
  );
}
