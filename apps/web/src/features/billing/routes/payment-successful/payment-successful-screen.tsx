import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
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

function Confirmation() {
  const details = useBillingDetails();
  const plan = details.data?.plan;
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
