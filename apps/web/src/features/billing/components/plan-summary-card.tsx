import type { BillingDetails } from '@funnelwork/domain';
import { formatPrice } from '@funnelwork/domain/rules';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format.ts';

function renewalText(details: BillingDetails): string | null {
  const date = details.plan_expiry_date && formatDate(details.plan_expiry_date);
  if (!date) return null;
  if (details.read_only || details.status === 'expired') return `Expired on ${date}`;
  if (details.plan.interval === 'trial') return `Trial ends on ${date}`;
  if (details.status === 'past_due') return `Payment failed: we are trying again. Paid until ${date}`;
  if (details.status === 'cancelled') return `Cancelled: ends on ${date}`;
  return `Renews on ${date}`;
}

/** The plan, its price and renewal date, and the way to a bigger plan (the #upgrade target). */
export function PlanSummaryCard({ details, onCancel }: { details: BillingDetails; onCancel: () => void }) {
  const { plan } = details;
  const trial = plan.interval === 'trial';
  return (
    <Card id="upgrade">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={6}>
          <Title order={2} fz="lg">
            Plan
          </Title>
          <Group gap="xs">
            <Badge
              size="lg"
              tt="none"
              variant="light"
              color={trial ? 'grape' : 'indigo'}
              data-testid="plan-name"
            >
              {trial ? plan.name : `${plan.name} (${plan.interval}ly)`}
            </Badge>
            {!trial && (
              <Text size="sm" c="dimmed">
                {`${formatPrice(plan.price, plan.currency)} a ${plan.interval}`}
              </Text>
            )}
          </Group>
          {renewalText(details) && (
            <Text size="sm" c={details.read_only ? 'red' : 'dimmed'} data-testid="plan-renewal">
              {renewalText(details)}
            </Text>
          )}
          {details.read_only && (
            <Text size="sm" c="red">
              Your dashboard is read-only and your published funnels stay online for 30 days after expiry.
            </Text>
          )}
        </Stack>
        <Group>
          {details.renews && (
            <Button variant="subtle" color="red" onClick={onCancel}>
              Cancel subscription
            </Button>
          )}
          <Button component={Link} to="/settings/billing/choose-your-plan">
            {trial || details.read_only ? 'Upgrade' : 'Change plan'}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
