import type { BillingDetails, BillingPayment, Charge, PlaceOrderBody } from '@funnelwork/domain';
import { billingEndpoints } from '@funnelwork/domain/api/billing';
import { useQuery } from '@tanstack/react-query';
import { ApiError, callOrThrow, NETWORK_ERROR } from '../../shared/api-client.ts';
import { authStore } from '../../shared/auth-store.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { sessionKeys } from '../session/api.ts';

export const billingKeys = {
  all: ['billing'] as const,
  details: ['billing', 'details'] as const,
  plans: ['billing', 'plans'] as const,
  charges: ['billing', 'charges'] as const,
};

/**
 * GET billing-details: the plan, its renewal, usage against each limit and the payment method. With
 * `until`, read again every second while it does not hold (a Stripe Checkout's webhook on its way).
 */
export function useBillingDetails(until?: (details: BillingDetails) => boolean) {
  return useQuery({
    queryKey: billingKeys.details,
    queryFn: () => callOrThrow(billingEndpoints.listBillingDetails),
    refetchInterval: until ? (query) => (query.state.data && until(query.state.data) ? false : 1000) : false,
  });
}

export function usePlans() {
  return useQuery({
    queryKey: billingKeys.plans,
    queryFn: () => callOrThrow(billingEndpoints.listBillingPlans),
  });
}

export function useCharges() {
  return useQuery({
    queryKey: billingKeys.charges,
    queryFn: () => callOrThrow(billingEndpoints.listCharges),
  });
}

/** A plan change also changes the user's plan_key and plan_expiry_date, so the notices are read again. */
const changed = [billingKeys.all, sessionKeys.me];

export function usePlaceOrder() {
  return useApiMutation({
    mutationFn: (data: PlaceOrderBody['data']) =>
      callOrThrow(billingEndpoints.createBillingPlaceOrder, { body: { data } }),
    invalidates: changed,
  });
}

export function useUpdateBillingDetails() {
  return useApiMutation({
    mutationFn: (payment: BillingPayment) =>
      callOrThrow(billingEndpoints.createBillingUpdateDetail, { body: { data: { payment } } }),
    invalidates: changed,
    success: () => 'Your billing details were updated',
  });
}

export function useCancelSubscription() {
  return useApiMutation({
    mutationFn: () => callOrThrow(billingEndpoints.createBillingCancelSubscription),
    invalidates: changed,
    success: () => 'Your subscription was cancelled: your plan lasts until the end of the paid period',
  });
}

/** The invoice PDF of a charge: an API file that needs the bearer token, so it is fetched, then opened. */
export async function downloadInvoice(charge: Charge): Promise<void> {
  if (!charge.invoice_url) return;
  const token = authStore.get().token;
  let response: Response;
  try {
    response = await fetch(charge.invoice_url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError({ error: NETWORK_ERROR, info: { status: 0, data: NETWORK_ERROR } });
  }
  if (!response.ok) {
    const message = `The invoice could not be loaded (${response.status})`;
    throw new ApiError({ error: message, info: { status: response.status, data: message } });
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `invoice-FW-${charge.id}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
