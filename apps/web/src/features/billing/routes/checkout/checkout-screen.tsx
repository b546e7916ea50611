import { formatPrice } from '@funnelwork/domain/rules';
import { Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BackButton } from '../../../../shared/back-button.tsx';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { fieldError } from '../../../../shared/use-api-mutation.ts';
import { useBillingDetails, usePlaceOrder, usePlans } from '../../api.ts';
import { AdminOnly } from '../../components/admin-only.tsx';
import { CardFields, cardPayment, emptyCard } from '../../components/card-fields.tsx';

/** `/settings/billing/checkout?plan&interval`: pays the chosen plan (POST billing/place-order). */
export function CheckoutScreen() {
  return (
    <Stack maw={640} mx="auto">
      <PageHeader
        back={
          <Group>
            <BackButton to="/settings/billing/choose-your-plan" label="Plans" />
          </Group>
        }
        title="Checkout"
      />
      <AdminOnly>
        <CheckoutForm />
      </AdminOnly>
    </Stack>
  );
}

function CheckoutForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const plans = usePlans();
  const details = useBillingDetails();
  const placeOrder = usePlaceOrder();
  const [card, setCard] = useState(emptyCard);
  const interval = params.get('interval') === 'year' ? 'year' : 'month';
  const family = params.get('plan') ?? '';
  if (plans.isPending || details.isPending) return <Skeleton h={320} radius="lg" />;
  if (plans.isError) return <ErrorBox message={plans.error.message} />;
  if (details.isError) return <ErrorBox message={details.error.message} />;
  const plan = plans.data.find((p) => p.family === family && p.interval === interval);
  if (!plan) return <ErrorBox message="This plan does not exist: choose one of the plans." />;
  // Stripe billing: the card is entered on Stripe Checkout's own page, which sends the browser back.
  const hosted = details.data.checkout === 'stripe_checkout';

  const pay = () =>
    placeOrder.mutate(
      { plan: plan.family, interval, payment: hosted ? { checkout: 'stripe' } : cardPayment(card) },
      {
        onSuccess: (answer) => {
          if (answer.checkout_url) window.location.assign(answer.checkout_url);
          else navigate(`/settings/billing/payment-successful?plan=${plan.key}`);
        },
      },
    );
  return (
    <Card>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          pay();
        }}
      >
        <Stack>
          <Title order={2} fz="lg">
            {`${plan.name} (${plan.interval}ly)`}
          </Title>
          <Group justify="space-between">
            <Text c="dimmed">{`Billed every ${plan.interval}, starting today`}</Text>
            <Text fw={700} data-testid="checkout-total">
              {formatPrice(plan.price, plan.currency)}
            </Text>
          </Group>
          <Divider />
          {hosted ? (
            <>
              <Text c="dimmed">You enter your card on Stripe's secure payment page.</Text>
              {fieldError(placeOrder.error, 'data.payment') && (
                <ErrorBox message={fieldError(placeOrder.error, 'data.payment') ?? ''} />
              )}
            </>
          ) : (
            <CardFields
              value={card}
              onChange={(value) => {
                setCard(value);
                placeOrder.reset();
              }}
              error={fieldError(placeOrder.error, 'data.payment')}
            />
          )}
          <Button type="submit" size="md" loading={placeOrder.isPending}>
            {hosted ? 'Continue to payment' : `Pay ${formatPrice(plan.price, plan.currency)}`}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
