import { daysLeft, isTrialPlan } from '@funnelwork/domain/rules';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format.ts';
import type { AccountSettings } from '../api.ts';

function planName(planKey: string) {
  if (planKey === '14-trial') return '14-day trial';
  if (planKey === '7-trial') return '7-day trial';
  return planKey;
}

export function PlanCard({ account }: { account: AccountSettings }) {
  const left = daysLeft(account.plan_expiry_date, new Date());
  const expired = left !== null && left <= 0;
  return (
    <Card>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={2} fz="lg">
            Plan
          </Title>
          <Group gap="xs" mt="md">
            <Badge
              variant="light"
              color={isTrialPlan(account.plan_key) ? 'grape' : 'indigo'}
              tt="none"
              size="lg"
            >
              {planName(account.plan_key)}
            </Badge>
            {account.plan_expiry_date && (
              <Text size="sm" c={expired ? 'red' : 'dimmed'}>
                {expired
                  ? `Expired on ${formatDate(account.plan_expiry_date)}`
                  : `Renews or ends on ${formatDate(account.plan_expiry_date)}`}
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt="xs">
            {`Customer since ${formatDate(account.created_at)}`}
          </Text>
        </div>
        <Button component={Link} to="/settings/billing" variant="light">
          Billing
        </Button>
      </Group>
    </Card>
  );
}
