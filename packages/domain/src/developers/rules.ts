import { eventsOf } from '../events/names.ts';

/** What a developer app's API keys may do; each API route that a key may call names one of them. */
export const API_SCOPES = [
  'orders:read',
  'orders:write',
  'customers:read',
  'funnels:read',
  'webhooks',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The scopes as the developer-apps screen lists them, with what each allows. */
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'orders:read': 'Read orders',
  'orders:write': 'Change orders (fulfil, cancel, refund, notes)',
  'customers:read': 'Read customers',
  'funnels:read': 'Read funnels',
  webhooks: 'Subscribe to events (REST hooks)',
};

/** An API key starts with this; the rest is 256 random bits. */
export const API_KEY_PREFIX = 'fw_';
/** How much of a key is kept in clear to tell keys apart on the screen ("fw_AbCd1234…"). */
export const API_KEY_SHOWN_LENGTH = 11;

/** Whether a bearer token is an API key rather than a session token (43 characters, no prefix). */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX) && token.length === API_KEY_PREFIX.length + 43;
}

/** The events a REST hook may subscribe to (events/catalogue.ts). */
export const HOOK_EVENTS = eventsOf('rest_hooks');
export type HookEvent = (typeof HOOK_EVENTS)[number];

export const DEVELOPER_APP_NAME_MAX = 100;
/** An account keeps at most this many apps, an app this many live keys, an account this many hooks. */
export const DEVELOPER_APPS_MAX = 50;
export const API_KEYS_PER_APP_MAX = 10;
export const HOOKS_PER_ACCOUNT_MAX = 100;

/** The 403 a key gets on a route outside its scopes: names the scope it would need. */
export function missingScopeMessage(scope: ApiScope): string {
  return `This API key lacks the scope ${scope}`;
}
export const NOT_FOR_API_KEYS_MESSAGE = 'This route cannot be called with an API key';
export const REVOKED_KEY_MESSAGE = 'This API key is revoked or unknown';
