import {
  checkoutGatewayId,
  SANDBOX_ONLY_NOTICE,
  takesTestPaymentsOnly,
} from '@funnelwork/domain/gateways/checkout-gateway';
import type { UserGateway } from '@funnelwork/domain/gateways/contracts';
import { isAdmin } from '@funnelwork/domain/rules';
import { Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { InfoMessage } from '../../../../shared/info-message.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useMe } from '../../../session/api.ts';
import { useGatewayCatalogue, useUserGateways } from '../../api.ts';
import { DisconnectGatewayPopup } from '../../components/disconnect-gateway-popup.tsx';
import { GatewayCard } from '../../components/gateway-card.tsx';

/** The account's gateways as the checkout's rule reads them. */
const asCheckoutRows = (gateways: UserGateway[]) =>
  gateways.map((g) => ({ gatewayId: g.gateway_id, isDefault: g.is_default, active: g.active }));

export function PaymentGatewaysScreen() {
  const me = useMe();
  const admin = isAdmin(me.member_account);
  const catalogue = useGatewayCatalogue();
  const mine = useUserGateways();
  const [disconnecting, setDisconnecting] = useState<UserGateway | null>(null);

  const rows = asCheckoutRows(mine.data ?? []);
  const inUse = checkoutGatewayId(rows, []);
  return (
    <Stack maw={860} mx="auto">
      <PageHeader
        title="Payment gateways"
        description="Where your checkouts charge the shopper. Keys are checked with the gateway, stored encrypted and never shown again."
      />
      {!admin && <InfoMessage>Only administrators can connect and disconnect payment gateways.</InfoMessage>}
      {mine.data && takesTestPaymentsOnly(rows, []) && (
        <InfoMessage color="yellow" title="Test payments only">
          <span data-testid="sandbox-only">{SANDBOX_ONLY_NOTICE}</span>
        </InfoMessage>
      )}
      {(catalogue.isPending || mine.isPending) && <Skeleton h={240} radius="lg" />}
      {(catalogue.isError || mine.isError) && <ErrorBox message={(catalogue.error ?? mine.error)?.message} />}
      {catalogue.data &&
        mine.data &&
        catalogue.data
          .filter((gateway) => gateway.connectable)
          .map((gateway) => (
            <GatewayCard
              key={gateway.id}
              gateway={gateway}
              connected={mine.data.find((g) => g.gateway_id === gateway.id)}
              inUse={inUse === gateway.id}
              canEdit={admin}
              onDisconnect={setDisconnecting}
            />
          ))}
      <DisconnectGatewayPopup gateway={disconnecting} onClose={() => setDisconnecting(null)} />
    </Stack>
  );
}
