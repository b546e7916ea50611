import type { IntegrationInfoAnswer } from '@funnelwork/domain/integrations/contracts';
import { InfoMessage } from '../../../shared/info-message.tsx';

/** Why an integration cannot be connected here: the payment plugin, a missing server setting, no adapter yet. */
export function IntegrationUnavailable({ info }: { info: IntegrationInfoAnswer }) {
  return (
    <InfoMessage title={info.status}>
      {info.inactive
        ? 'Payments are set up under Store settings → Payment gateways.'
        : info.not_configured
          ? `${info.name} is ${info.not_configured}.`
          : `${info.name} cannot be connected on this server yet.`}
    </InfoMessage>
  );
}
