import { EVENT_LABELS, eventsOf } from '../events/names.ts';

/**
 * The integrations an account can connect (spec §3 "Automation draft": an e-commerce platform, an
 * e-mail-marketing platform, an analytics service, a spreadsheet service, and a payment plugin shown
 * inactive), plus our own Webhook and the account's SMTP sender. Ids are stable: connections keep them.
 */

/** Where payment gateways are set up: the header's Settings menu (gear icon), item 'Payment gateways'. */
export const PAYMENTS_SET_UP_TEXT = 'Payments are set up under Settings (the gear icon) → Payment gateways.';

/** Events of the account that integrations subscribe to (events/catalogue.ts). */
export const INTEGRATION_EVENTS = eventsOf('integrations');
export type IntegrationEvent = (typeof INTEGRATION_EVENTS)[number];

/** How each event is named on screen. */
export const INTEGRATION_EVENT_LABELS: Record<IntegrationEvent, string> = EVENT_LABELS;

export const INTEGRATION_KINDS = [
  'webhook',
  'spreadsheet',
  'email_marketing',
  'ecommerce',
  'analytics',
  'smtp',
  'payment',
] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

export type IntegrationInfo = {
  id: number;
  /** URL-safe name (`/integrations/webhook`). */
  slug: string;
  name: string;
  kind: IntegrationKind;
  description: string;
  /** Listed but never connectable (the spec shows the payment plugin inactive). */
  inactive: boolean;
};

export const WEBHOOK_INTEGRATION_ID = 1;
export const MAILCHIMP_INTEGRATION_ID = 3;
export const SHOPIFY_INTEGRATION_ID = 4;
export const GA4_INTEGRATION_ID = 5;
export const GOOGLE_SHEETS_INTEGRATION_ID = 2;
export const SMTP_INTEGRATION_ID = 6;

export const INTEGRATIONS = [
  {
    id: WEBHOOK_INTEGRATION_ID,
    slug: 'webhook',
    name: 'Webhook',
    kind: 'webhook',
    description: 'Sends each event of your account as signed JSON to your own URL.',
    inactive: false,
  },
  {
    id: GOOGLE_SHEETS_INTEGRATION_ID,
    slug: 'google-sheets',
    name: 'Google Sheets',
    kind: 'spreadsheet',
    description: 'Adds a row to a spreadsheet for each order or opt-in.',
    inactive: false,
  },
  {
    id: MAILCHIMP_INTEGRATION_ID,
    slug: 'mailchimp',
    name: 'Mailchimp',
    kind: 'email_marketing',
    description: 'Adds or updates customers as subscribers of a list, with tags.',
    inactive: false,
  },
  {
    id: SHOPIFY_INTEGRATION_ID,
    slug: 'shopify',
    name: 'Shopify',
    kind: 'ecommerce',
    description: 'Creates an order in your Shopify store for fulfilment.',
    inactive: false,
  },
  {
    id: GA4_INTEGRATION_ID,
    slug: 'google-analytics-4',
    name: 'Google Analytics 4',
    kind: 'analytics',
    description: 'Sends purchase and lead events server-side (Measurement Protocol).',
    inactive: false,
  },
  {
    id: SMTP_INTEGRATION_ID,
    slug: 'smtp',
    name: 'SMTP sender',
    kind: 'smtp',
    description: "Sends your account's e-mails through your own mail server.",
    inactive: false,
  },
  {
    id: 7,
    slug: 'payment-plugin',
    name: 'Payment plugin',
    kind: 'payment',
    description: PAYMENTS_SET_UP_TEXT,
    inactive: true,
  },
] as const satisfies readonly IntegrationInfo[];

export function integrationById(id: number): IntegrationInfo | undefined {
  return INTEGRATIONS.find((integration) => integration.id === id);
}

export function integrationBySlugOrId(key: string): IntegrationInfo | undefined {
  return INTEGRATIONS.find((integration) => integration.slug === key || String(integration.id) === key);
}

/** What the catalogue says of an integration the server has no adapter for yet. */
export const NOT_AVAILABLE_TEXT = 'Not available yet';
/** What it says of an integration whose adapter lacks a server setting (the reason is `not_configured`). */
export const NOT_CONFIGURED_TEXT = 'Not configured';
/**
 * Why a service the server lacks a setting for cannot be used, as a merchant reads it after the
 * service's name ("Google Sheets is …"): the operator's set-up steps are in the README, not here.
 */
export const NOT_AVAILABLE_HERE_TEXT =
  'not available on this installation: ask the person who runs your Funnelwork installation to set it up';
/** What it says of the payment plugin. */
export const INACTIVE_TEXT = 'Inactive';
