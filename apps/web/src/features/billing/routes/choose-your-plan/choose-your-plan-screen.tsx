import type { Plan } from '@funnelwork/domain';
import { formatCount, formatPrice, LIMIT_KEYS, LIMIT_TITLES } from '@funnelwork/domain/rules';
import {
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { BackButton } from '../../../../shared/back-button.tsx';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useBillingDetails, usePlans } from '../../api.ts';
import { AdminOnly } from '../../components/admin-only.tsx';

const limitText = (plan: Plan, key: (typeof LIMIT_KEYS)[number]) => {
  const limit = plan.limits[key];
  return `${LIMIT_TITLES[key]}: ${limit === null ? 'unlimited' : formatCount(limit)}`;
};

/** `/settings/billing/choose-your-plan`: the paid plans side by side, monthly or yearly. */
export function ChooseYourPlanScreen() {
  return (
    <Stack maw={1100} mx="auto">
      <PageHeader
        back={
          <Group>
            <BackButton to="/settings/billing" label="Billing" />
          </Group>
        }
        title="Choose your plan"
        description="Every plan renews automatically; cancel any time and keep it to the end of the paid period."
      />
      <AdminOnly>
        <PlanComparison />
      </AdminOnly>
    </Stack>
  );
}

function PlanComparison() {
  const plans = usePlans();
  const details = useBillingDetails();
  const [interval, setInterval] = useState<'month' | 'year'>('month');
  if (plans.isPending) return <Skeleton h={360} radius="lg" />;
  if (plans.isError) return <ErrorBox message={plans.error.message} />;
  const shown = plans.data.filter((plan) => plan.interval === interval);
  return (
    <>
      <Group>
        <SegmentedControl
          value={interval}
          onChange={(value) => setInterval(value === 'year' ? 'year' : 'month')}
          data={[
            { value: 'month', label: 'Monthly' },
            { value: 'year', label: 'Yearly (2 months free)' },
          ]}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, md: shown.length || 1 }}>
        {shown.map((plan) => {
          const current = details.data?.plan.key === plan.key && !details.data.read_only;
          return (
            <Card key={plan.key} data-testid={`plan-${plan.family}`}>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} fz="xl">
                    {plan.name}
                  </Title>
                  {current && <Badge variant="light">Your plan</Badge>}
                </Group>
                <Text fz={28} fw={700}>
                  {formatPrice(plan.price, plan.currency)}
                  <Text span c="dimmed" fz="sm">{` / ${plan.interval}`}</Text>
                </Text>
                <List size="sm" spacing={4}>
                  {LIMIT_KEYS.map((key) => (
                    <List.Item key={key}>{limitText(plan, key)}</List.Item>
                  ))}
                  <List.Item>
                    {plan.features.includes('funnels')
                      ? 'Funnel cloning, deleting and geo-funnels'
                      : 'No funnel cloning, deleting or geo-funnels'}
                  </List.Item>
                </List>
                <Button
                  component={Link}
                  to={`/settings/billing/checkout?plan=${plan.family}&interval=${plan.interval}`}
                  disabled={current}
                >
                  {current ? 'Current plan' : `Choose ${plan.name}`}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </>
  );
}
