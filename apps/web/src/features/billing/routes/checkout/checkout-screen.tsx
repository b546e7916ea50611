import { formatPrice } from '@funnelwork/domain/rules';
import { Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BackButton } from '../../../../shared/back-button.tsx';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { fieldError } from '../../../../shared/use-api-mutation.ts';
import { usePlaceOrder, usePlans } from '../../api.ts';
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
  const placeOrder = usePlaceOrder();
  const [card, setCard] = useState(emptyCard);
  const interval = params.get('interval') === 'year' ? 'year' : 'month';
  const family = params.get('plan') ?? '';
  if (plans.isPending) return <Skeleton h={320} radius="lg" />;
  if (plans.isError) return <ErrorBox message={plans.error.message} />;
  const plan = plans.data.find((p) => p.family === family && p.interval === interval);
  if (!plan) return <ErrorBox message="This plan does not exist: choose one of the plans." />;

  const pay = () =>
    placeOrder.mutate(
      { plan: plan.family, interval, payment: cardPayment(card) },
      { onSuccess: () => navigate(`/settings/billing/payment-successful?plan=${plan.key}`) },
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
          <CardFields
            value={card}
            onChange={(value) => {
              setCard(value);
              placeOrder.reset();
            }}
            error={fieldError(placeOrder.error, 'data.payment')}
          />
          <Button type="submit" size="md" loading={placeOrder.isPending}>
            {`Pay ${formatPrice(plan.price, plan.currency)}`}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
