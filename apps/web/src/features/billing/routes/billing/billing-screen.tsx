import { Skeleton, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useBillingDetails, useCharges } from '../../api.ts';
import { AdminOnly } from '../../components/admin-only.tsx';
import { CancelSubscriptionPopup } from '../../components/cancel-subscription-popup.tsx';
import { ChargesTable } from '../../components/charges-table.tsx';
import { PaymentMethodCard } from '../../components/payment-method-card.tsx';
import { PlanSummaryCard } from '../../components/plan-summary-card.tsx';
import { UsageBars } from '../../components/usage-bars.tsx';

/** `/settings/billing` (and `/billing`): plan, renewal, usage bars, payment method and charges. */
export function BillingScreen() {
  return (
    <Stack maw={960} mx="auto">
      <PageHeader title="Billing" description="Your plan, what it allows and what you paid." />
      <AdminOnly>
        <BillingDetailsView />
      </AdminOnly>
    </Stack>
  );
}

function BillingDetailsView() {
  const details = useBillingDetails();
  const charges = useCharges();
  const [cancelling, setCancelling] = useState(false);
  const { hash } = useLocation();
  // "/settings/billing#upgrade": the plan card, once it is there.
  useEffect(() => {
    if (hash === '#upgrade' && details.data) document.getElementById('upgrade')?.scrollIntoView();
  }, [hash, details.data]);

  if (details.isPending) return <Skeleton h={320} radius="lg" />;
  if (details.isError) return <ErrorBox message={details.error.message} />;
  return (
    <>
      <PlanSummaryCard details={details.data} onCancel={() => setCancelling(true)} />
      <UsageBars usage={details.data.usage} />
      <PaymentMethodCard details={details.data} />
      {charges.data && <ChargesTable charges={charges.data} />}
      {charges.isError && <ErrorBox message={charges.error.message} />}
      <CancelSubscriptionPopup
        opened={cancelling}
        endsOn={details.data.plan_expiry_date}
        onClose={() => setCancelling(false)}
      />
    </>
  );
}
