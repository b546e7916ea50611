import { PAYMENTS_SET_UP_TEXT } from '@funnelwork/domain/integrations/catalogue';
import type { IntegrationInfoAnswer } from '@funnelwork/domain/integrations/contracts';
import { InfoMessage } from '../../../shared/info-message.tsx';

/** Why an integration cannot be connected here: the payment plugin, a missing server setting, no adapter yet. */
export function IntegrationUnavailable({ info }: { info: IntegrationInfoAnswer }) {
  return (
    <InfoMessage title={info.status}>
      {info.inactive
        ? PAYMENTS_SET_UP_TEXT
        : info.not_configured
          ? `${info.name} is ${info.not_configured}.`
          : `${info.name} cannot be connected on this server yet.`}
    </InfoMessage>
  );
}
