import { z } from 'zod';
import { GATEWAYS } from '../orders/gateways.ts';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { idQuery, isStorableText, jsonObject, requiredText } from '../shared/inputs.ts';

/* ----------------------------------------------------------------------------------------------
 * Which gateways can be connected here, and what they ask for
 * -------------------------------------------------------------------------------------------- */

export type CredentialField = { key: string; label: string; required: boolean; pattern?: string };

/**
 * Gateways with a working adapter on this server and the credentials each asks for. Every other
 * catalogue gateway is listed (orders keep their ids) but cannot be connected yet.
 */
export const CONNECTABLE_GATEWAYS: Readonly<Record<number, readonly CredentialField[]>> = {
  1: [
    { key: 'secret_key', label: 'Secret key', required: true, pattern: '^(sk|rk)_(test|live)_[A-Za-z0-9]+$' },
    {
      key: 'publishable_key',
      label: 'Publishable key',
      required: true,
      pattern: '^pk_(test|live)_[A-Za-z0-9]+$',
    },
  ],
  5: [],
  // PayPal Checkout: the REST app's pair from developer.paypal.com (sandbox or live).
  18: [
    { key: 'client_id', label: 'Client ID', required: true, pattern: '^[A-Za-z0-9_-]{16,128}$' },
    { key: 'client_secret', label: 'Secret', required: true, pattern: '^[A-Za-z0-9_-]{16,128}$' },
  ],
  // Without an API key the product's own payment service runs in sandbox mode.
  14: [{ key: 'api_key', label: 'API key', required: false }],
};

export const isConnectable = (gatewayId: number) => Object.hasOwn(CONNECTABLE_GATEWAYS, gatewayId);

/** Payment-method groups a checkout shows, like Shopify's payment settings sections. */
export const PAYMENT_METHOD_GROUPS = [
  { id: 1, name: 'Credit and debit cards', gateway_ids: [1, 9, 14, 18] },
  { id: 2, name: 'PayPal', gateway_ids: [7, 2] },
  { id: 3, name: 'Bank redirects', gateway_ids: [8, 11, 12, 15, 17] },
  { id: 4, name: 'Bank debits', gateway_ids: [13] },
  { id: 5, name: 'Buy now, pay later', gateway_ids: [10] },
  { id: 6, name: 'Cryptocurrency', gateway_ids: [4] },
  { id: 7, name: 'Regional gateways', gateway_ids: [3, 16] },
  { id: 8, name: 'Manual payments', gateway_ids: [5] },
  { id: 9, name: 'Other platforms', gateway_ids: [6] },
] as const satisfies ReadonlyArray<{ id: number; name: string; gateway_ids: number[] }>;

export function paymentMethodGroupOf(gatewayId: number): number | null {
  return (
    PAYMENT_METHOD_GROUPS.find((g) => (g.gateway_ids as readonly number[]).includes(gatewayId))?.id ?? null
  );
}

/** A secret shown as its last four characters only (nothing at all when it is short). */
export function maskSecret(value: string): string {
  return value.length >= 12 ? `••••${value.slice(-4)}` : '••••';
}

/* ----------------------------------------------------------------------------------------------
 * Contracts
 * -------------------------------------------------------------------------------------------- */

const timestamp = z.string();

export const credentialFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
});

export const gatewayInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  refundable: z.boolean(),
  deprecated: z.boolean(),
  /** Whether an account can connect it on this server (an adapter exists). */
  connectable: z.boolean(),
  payment_method_group_id: z.number().int().nullable(),
  credential_fields: z.array(credentialFieldSchema),
  /** The account's user gateway of this kind, when it has one. */
  user_gateway_id: z.number().int().nullable(),
});
export type GatewayInfo = z.infer<typeof gatewayInfoSchema>;
export const gatewayListAnswerSchema = dataAnswer(z.array(gatewayInfoSchema));

export const paymentMethodGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gateway_ids: z.array(z.number().int()),
});
export const paymentMethodGroupListAnswerSchema = dataAnswer(z.array(paymentMethodGroupSchema));

export const userGatewaySchema = z.object({
  id: z.number().int(),
  gateway_id: z.number().int(),
  gateway_name: z.string(),
  name: z.string(),
  mode: z.enum(['live', 'test']),
  status: z.enum(['connected', 'disconnected']),
  active: z.boolean(),
  is_default: z.boolean(),
  refundable: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  /** Each stored credential field, masked ('••••4242'); credentials themselves are never answered. */
  credentials_hint: z.record(z.string(), z.string()),
  connected_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type UserGateway = z.infer<typeof userGatewaySchema>;
export const userGatewayAnswerSchema = dataAnswer(userGatewaySchema);
export const userGatewayListAnswerSchema = dataAnswer(z.array(userGatewaySchema));

const credentialValue = z
  .string()
  .trim()
  .min(1, 'Credential values may not be empty')
  .max(500)
  .refine(isStorableText, 'may not hold NUL characters or broken Unicode');
export const credentialsSchema = z
  .record(z.string().regex(/^[a-z_]{1,40}$/, 'Credential names are lowercase words'), credentialValue)
  .refine((value) => Object.keys(value).length <= 10, 'At most 10 credential fields');

const gatewayName = requiredText('Gateway name', 100);
/** A catalogue gateway id in a path: 1 to 18. */
const catalogueId = idQuery().pipe(z.number().max(GATEWAYS.length));

export const gatewayParamsSchema = z.object({ gatewayId: catalogueId });
export const disconnectParamsSchema = z.object({
  gatewayId: catalogueId,
  userGatewayId: idQuery(),
});

export const connectGatewayBodySchema = dataBody(
  z.object({
    name: gatewayName.optional(),
    credentials: credentialsSchema.optional(),
    settings: jsonObject().optional(),
  }),
);
export type ConnectGatewayBody = z.infer<typeof connectGatewayBodySchema>['data'];

export const createUserGatewayBodySchema = dataBody(
  z.object({
    gateway_id: z.number().int().min(1).max(GATEWAYS.length),
    name: gatewayName.optional(),
    active: z.boolean().optional(),
    is_default: z.boolean().optional(),
    settings: jsonObject().optional(),
    credentials: credentialsSchema.optional(),
  }),
);
export type CreateUserGatewayBody = z.infer<typeof createUserGatewayBodySchema>['data'];

export const patchUserGatewayBodySchema = dataBody(
  z.object({
    name: gatewayName.optional(),
    active: z.boolean().optional(),
    is_default: z.boolean().optional(),
    settings: jsonObject().optional(),
    credentials: credentialsSchema.optional(),
  }),
);
export type PatchUserGatewayBody = z.infer<typeof patchUserGatewayBodySchema>['data'];
