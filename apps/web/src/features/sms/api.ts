import type { SmsNumber } from '@funnelwork/domain';
import { smsEndpoints } from '@funnelwork/domain/api/sms';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow, type DataOf, type SentDataOf } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

export type CountryTariff = DataOf<typeof smsEndpoints.listCountryTariffs>[number];

export const smsKeys = {
  account: ['sms', 'account'] as const,
  numbers: ['sms', 'numbers'] as const,
  tariffs: ['sms', 'tariffs'] as const,
  available: (country: string) => ['sms', 'available', country] as const,
};

/** The prepaid balance, its currency and whether the server has an SMS provider at all. */
export function useSmsAccount() {
  return useQuery({ queryKey: smsKeys.account, queryFn: () => callOrThrow(smsEndpoints.getSmsAccount) });
}

export function useSmsNumbers() {
  return useQuery({
    queryKey: smsKeys.numbers,
    queryFn: () => callOrThrow(smsEndpoints.listSmsNumbers),
  });
}

export function useCountryTariffs() {
  return useQuery({
    queryKey: smsKeys.tariffs,
    queryFn: () => callOrThrow(smsEndpoints.listCountryTariffs),
  });
}

/** The numbers the provider offers in a country; asked only once a country is chosen. */
export function useAvailableNumbers(country: string | null) {
  return useQuery({
    queryKey: smsKeys.available(country ?? ''),
    queryFn: () => callOrThrow(smsEndpoints.listAvailableNumbers, { query: { country: country ?? '' } }),
    enabled: country !== null,
    staleTime: 0,
  });
}

export function useBuySmsNumber() {
  return useApiMutation({
    mutationFn: (data: { phone_number: string; country: string }) =>
      callOrThrow(smsEndpoints.createSmsNumber, { body: { data } }),
    invalidates: [smsKeys.numbers, smsKeys.account, ['sms', 'available']],
    success: (number) => `${number.phone_number} is yours`,
  });
}

export function useDeleteSmsNumber() {
  return useApiMutation({
    mutationFn: (number: SmsNumber) =>
      callOrThrow(smsEndpoints.deleteSmsNumber, { params: { id: number.id } }),
    invalidates: [smsKeys.numbers, smsKeys.account],
    success: (_data, number) => `${number.phone_number} released`,
  });
}

export type TopUpInput = SentDataOf<typeof smsEndpoints.createTopUp>;

/** Pays a top-up by card; the popup keeps one key per attempt, so a double click pays once. */
export function useTopUp() {
  return useApiMutation({
    mutationFn: (data: TopUpInput) => callOrThrow(smsEndpoints.createTopUp, { body: { data } }),
    invalidates: [smsKeys.account],
    success: () => 'Your SMS balance was topped up',
  });
}

export function useSetDefaultSmsNumber() {
  return useApiMutation({
    mutationFn: (defaultNumberId: number | null) =>
      callOrThrow(smsEndpoints.updateSmsAccount, { body: { data: { default_number_id: defaultNumberId } } }),
    invalidates: [smsKeys.account],
    success: () => 'Default number saved',
  });
}

/** Moves a number to a funnel (its messages come from it), or back to every funnel with `funnelId` null. */
export function useSetNumberFunnel() {
  return useApiMutation({
    mutationFn: async ({
      number,
      funnelId,
      numbers,
    }: {
      number: SmsNumber;
      funnelId: number | null;
      numbers: SmsNumber[];
    }) => {
      const idsOf = (funnel: number) =>
        numbers.filter((n) => n.funnel_id === funnel && n.id !== number.id).map((n) => n.id);
      if (funnelId !== null) {
        await callOrThrow(smsEndpoints.updateFunnelSmsNumbers, {
          params: { id: funnelId },
          body: { data: { number_ids: [...idsOf(funnelId), number.id] } },
        });
      } else if (number.funnel_id !== null) {
        await callOrThrow(smsEndpoints.updateFunnelSmsNumbers, {
          params: { id: number.funnel_id },
          body: { data: { number_ids: idsOf(number.funnel_id) } },
        });
      }
    },
    invalidates: [smsKeys.numbers],
    success: () => 'SMS number saved',
  });
}
