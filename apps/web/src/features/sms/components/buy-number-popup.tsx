import { formatPrice } from '@funnelwork/domain/rules';
import { Alert, Button, Group, Loader, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { type CountryTariff, useAvailableNumbers, useBuySmsNumber } from '../api.ts';

/** "Buy number": a country, then one of the numbers the provider offers there, for the country's price. */
export function BuyNumberPopup({ tariffs, onClose }: { tariffs: CountryTariff[]; onClose: () => void }) {
  const [country, setCountry] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const available = useAvailableNumbers(country);
  const buy = useBuySmsNumber();
  const tariff = tariffs.find((t) => t.country === country);
  return (
    <AppModal opened onClose={onClose} title="Buy an SMS number">
      <Stack>
        <Select
          label="Country"
          placeholder="Choose a country"
          data={tariffs.map((t) => ({ value: t.country, label: `${t.name} (${t.dial_code})` }))}
          value={country}
          onChange={(value) => {
            setCountry(value);
            setChosen(null);
          }}
          searchable
        />
        {tariff && (
          <Text size="sm" c="dimmed">
            {formatPrice(tariff.number_minor / 100, tariff.currency)} from your SMS balance; each message to{' '}
            {tariff.name} costs {formatPrice(tariff.message_minor / 100, tariff.currency)}.
          </Text>
        )}
        {available.isFetching && <Loader size="sm" />}
        {available.isError && <Alert color="red">{available.error.message}</Alert>}
        {available.data && available.data.length === 0 && (
          <Text size="sm">No numbers are available there now.</Text>
        )}
        {available.data && available.data.length > 0 && (
          <Radio.Group label="Available numbers" value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {available.data.map((n) => (
                <Radio
                  key={n.phone_number}
                  value={n.phone_number}
                  label={`${n.friendly_name}${n.locality ? ` — ${n.locality}` : ''}${n.region ? `, ${n.region}` : ''}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!chosen || !country}
            loading={buy.isPending}
            onClick={() =>
              chosen && country && buy.mutate({ phone_number: chosen, country }, { onSuccess: onClose })
            }
          >
            Buy number
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
