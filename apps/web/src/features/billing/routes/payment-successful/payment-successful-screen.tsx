import { Button, Card, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../../shared/format.ts';
import { useBillingDetails } from '../../api.ts';
import { AdminOnly } from '../../components/admin-only.tsx';

/** `/settings/billing/payment-successful`: the payment went through; the plan and its renewal date. */
export function PaymentSuccessfulScreen() {
  return (
    <Stack maw={560} mx="auto" mt="xl">
      <AdminOnly>
        <Confirmation />
      </AdminOnly>
    </Stack>
  );
}

/** Back from Stripe Checkout (`?session_id`): the plan is confirmed once the server has its webhook. */
const confirmedByServer = (details: { status: string; provider: string }) =>
  details.status === 'active' && details.provider === 'stripe';

function Confirmation() {
  const [params] = useSearchParams();
  const fromStripe = params.has('session_id');
  const details = useBillingDetails(fromStripe ? confirmedByServer : undefined);
  const plan = details.data?.plan;
  if (fromStripe && !(details.data && confirmedByServer(details.data))) {
    return (
      <Card padding="xl">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed" ta="center" data-testid="payment-confirming">
            Confirming your payment with Stripe…
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Card padding="xl">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          Payment successful
        </Title>
        {plan && (
          <Text c="dimmed" ta="center">
            {`You are on ${plan.name} (${plan.interval}ly)${
              details.data?.plan_expiry_date
                ? `; it renews on ${formatDate(details.data.plan_expiry_date)}`
                : ''
            }. Your receipt is in your billing charges.`}
          </Text>
        )}
        <Button component={Link} to="/settings/billing" mt="md">
          Go to billing
        </Button>
      </Stack>
    </Card>
  );
}
