import { isAdmin } from '@funnelwork/domain/rules';
import { Skeleton, Stack } from '@mantine/core';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { InfoMessage } from '../../../../shared/info-message.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useMe } from '../../../session/api.ts';
import { useAccountSettings } from '../../api.ts';
import { AccountDetailsForm } from '../../components/account-details-form.tsx';
import { PlanCard } from '../../components/plan-card.tsx';
import { SubdomainCard } from '../../components/subdomain-card.tsx';
import { TimezoneCard } from '../../components/timezone-card.tsx';

export function AccountSettingsScreen() {
  const me = useMe();
  const admin = isAdmin(me.member_account);
  const account = useAccountSettings();
  return (
    <Stack maw={860} mx="auto">
      <PageHeader title="Account" description={`Settings of ${me.account_name ?? 'your business'}.`} />
      {!admin && <InfoMessage>Only administrators can change the account settings.</InfoMessage>}
      {account.isPending && <Skeleton h={220} radius="lg" />}
      {account.isError && <ErrorBox />}
      {account.data && (
        <>
          <AccountDetailsForm
            key={account.data.name + account.data.default_currency_code}
            account={account.data}
            canEdit={admin}
          />
          <SubdomainCard subdomain={account.data.subdomain} canEdit={admin} />
        </>
      )}
      <TimezoneCard />
      {account.data && <PlanCard account={account.data} />}
    </Stack>
  );
}
