import { z } from 'zod';
import { eventsOf } from '../events/names.ts';
import {
  GOOGLE_SHEETS_INTEGRATION_ID,
  MAILCHIMP_INTEGRATION_ID,
  WEBHOOK_INTEGRATION_ID,
} from '../integrations/catalogue.ts';
import { webhookUrlSchema } from '../integrations/contracts.ts';
import { SHEET_TITLE_MAX, spreadsheetIdSchema } from '../integrations/google-sheets.ts';
import { isStorableText } from '../shared/inputs.ts';

/**
 * The apps a merchant turns on per funnel (spec §2.2 /apps, §2.3 apps/{appId}, §3 "App"). This is the
 * one list of apps: an app that sends data out names the integration (integrations/catalogue.ts) whose
 * account connection and adapter it uses, so an app never holds credentials of its own. Ids are stable:
 * funnel_apps rows keep them.
 */

export const TRACKING_PIXELS_APP_ID = 1;
export const SHEETS_ROWS_APP_ID = 2;
export const MAILCHIMP_SUBSCRIBERS_APP_ID = 3;
export const FUNNEL_WEBHOOK_APP_ID = 4;

/** Meta Pixel ids are 15 or 16 digits (Events Manager → Data sources). */
export const META_PIXEL_ID = /^\d{15,16}$/;
/** TikTok Pixel codes are 20 upper-case letters and digits (Events Manager → Web events). */
export const TIKTOK_PIXEL_ID = /^[A-Z0-9]{20}$/;

/** A blank text field of a settings form means "not set". */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

export const trackingPixelsSettingsSchema = z.object({
  meta_pixel_id: optionalText(
    z
      .string({ error: 'meta_pixel_id is text' })
      .trim()
      .regex(META_PIXEL_ID, 'meta_pixel_id is the 15 or 16 digits of your Meta Pixel id'),
  ),
  tiktok_pixel_id: optionalText(
    z
      .string({ error: 'tiktok_pixel_id is text' })
      .trim()
      .toUpperCase()
      .regex(TIKTOK_PIXEL_ID, 'tiktok_pixel_id is the 20 letters and digits of your TikTok Pixel code'),
  ),
});
export type TrackingPixelsSettings = z.infer<typeof trackingPixelsSettingsSchema>;

export const sheetsRowsSettingsSchema = z.object({
  spreadsheet_id: spreadsheetIdSchema,
  sheet: z
    .string({ error: 'sheet is required' })
    .trim()
    .min(1, 'sheet is required')
    .max(SHEET_TITLE_MAX, `sheet must be at most ${SHEET_TITLE_MAX} characters`)
    .refine(isStorableText, 'sheet may not hold NUL characters'),
});
export type SheetsRowsSettings = z.infer<typeof sheetsRowsSettingsSchema>;

/** The funnel events an e-mail-marketing app subscribes the customer on. */
export const MAILCHIMP_APP_EVENTS = ['optin.created', 'order.paid'] as const;

export const mailchimpSubscribersSettingsSchema = z.object({
  list_id: z
    .string({ error: 'list_id is required' })
    .trim()
    .regex(
      /^[0-9A-Za-z]{1,64}$/,
      'list_id is the audience id (Audience → Settings → Audience name and defaults)',
    ),
  tags: z
    .array(
      z.string().trim().min(1, 'tags may not be blank').max(100, 'tags: a tag has at most 100 characters'),
      {
        error: 'tags is a list of tag names',
      },
    )
    .max(50, 'tags: at most 50 tags')
    .default([]),
  events: z
    .array(z.enum(MAILCHIMP_APP_EVENTS, { error: `events are some of ${MAILCHIMP_APP_EVENTS.join(', ')}` }), {
      error: 'events is a list of event names',
    })
    .min(1, 'events: choose at least one event')
    .default([...MAILCHIMP_APP_EVENTS])
    .transform((events) => [...new Set(events)]),
});
export type MailchimpSubscribersSettings = z.infer<typeof mailchimpSubscribersSettingsSchema>;

/** The events of one funnel that a funnel webhook can send (the ones that carry a funnel id). */
export const FUNNEL_WEBHOOK_EVENTS = eventsOf('funnel_apps');

export const funnelWebhookSettingsSchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(
      z.enum(FUNNEL_WEBHOOK_EVENTS, { error: `events are some of ${FUNNEL_WEBHOOK_EVENTS.join(', ')}` }),
      {
        error: 'events is a list of event names',
      },
    )
    .min(1, 'events: choose at least one event')
    .transform((events) => [...new Set(events)]),
});
export type FunnelWebhookSettings = z.infer<typeof funnelWebhookSettingsSchema>;

export type AppKind = 'tracking_pixels' | 'spreadsheet_rows' | 'email_marketing' | 'webhook';

export type AppInfo = {
  id: number;
  /** URL-safe name (`/apps/tracking-pixels`). */
  slug: string;
  name: string;
  kind: AppKind;
  description: string;
  /** The integration whose account connection the app uses; null when it needs none. */
  integrationId: number | null;
  /** The funnel's settings of the app, checked on every save. */
  settings: z.ZodType<Record<string, unknown>>;
  /** The how-to (`app-howtos/{id}`): what to do, step by step. */
  howto: { title: string; steps: string[] };
};

export const APPS = [
  {
    id: TRACKING_PIXELS_APP_ID,
    slug: 'tracking-pixels',
    name: 'Meta & TikTok Pixel',
    kind: 'tracking_pixels',
    description: "Adds your Meta Pixel and TikTok Pixel to the funnel's published pages.",
    integrationId: null,
    settings: trackingPixelsSettingsSchema,
    howto: {
      title: 'Track your funnel with Meta and TikTok',
      steps: [
        'In Meta Events Manager, open Data sources and copy the Pixel id (15 or 16 digits).',
        'In TikTok Events Manager, open Web events and copy the Pixel code (20 letters and digits).',
        'Open the funnel, choose Apps → Meta & TikTok Pixel, paste the ids and save.',
        'Every published page of the funnel then loads the pixels; switch the app off to remove them.',
      ],
    },
  },
  {
    id: SHEETS_ROWS_APP_ID,
    slug: 'google-sheets-orders',
    name: 'Google Sheets order rows',
    kind: 'spreadsheet_rows',
    description: 'Adds a row to a Google Sheets spreadsheet for each order of the funnel.',
    integrationId: GOOGLE_SHEETS_INTEGRATION_ID,
    settings: sheetsRowsSettingsSchema,
    howto: {
      title: "Keep the funnel's orders in a spreadsheet",
      steps: [
        'Connect with Google on this page (or under Integrations → Google Sheets).',
        'Open the spreadsheet and copy its address or the id between /d/ and /edit.',
        'Open the funnel, choose Apps → Google Sheets order rows, paste it and name the sheet (its tab).',
        'Each paid order of the funnel adds a row: date, order id, e-mail, name, amount, currency.',
      ],
    },
  },
  {
    id: MAILCHIMP_SUBSCRIBERS_APP_ID,
    slug: 'mailchimp-subscribers',
    name: 'Mailchimp subscribers',
    kind: 'email_marketing',
    description: "Adds the funnel's opt-ins and buyers to a Mailchimp audience, with tags.",
    integrationId: MAILCHIMP_INTEGRATION_ID,
    settings: mailchimpSubscribersSettingsSchema,
    howto: {
      title: 'Grow a Mailchimp audience from the funnel',
      steps: [
        'Connect Mailchimp under Integrations with an API key.',
        'Copy the audience id (Audience → Settings → Audience name and defaults).',
        'Open the funnel, choose Apps → Mailchimp subscribers, paste the id, add tags and choose when.',
        'Each opt-in or purchase of the funnel adds or updates the subscriber with those tags.',
      ],
    },
  },
  {
    id: FUNNEL_WEBHOOK_APP_ID,
    slug: 'funnel-webhook',
    name: 'Funnel webhook',
    kind: 'webhook',
    description: "Sends this funnel's orders and opt-ins as signed JSON to a URL of your own.",
    integrationId: WEBHOOK_INTEGRATION_ID,
    settings: funnelWebhookSettingsSchema,
    howto: {
      title: "Send the funnel's events to your server",
      steps: [
        'Connect the Webhook under Integrations: its signing secret signs the funnel webhook too.',
        'Open the funnel, choose Apps → Funnel webhook, give the URL and the events.',
        'Verify its Standard Webhooks signature (webhook-signature) as the Webhook integration describes; retries and the delivery log are the same.',
      ],
    },
  },
] as const satisfies readonly AppInfo[];

export function appById(id: number): AppInfo | undefined {
  return APPS.find((app) => app.id === id);
}

/** `/apps/{id}` takes the id or the slug. */
export function appBySlugOrId(key: string): AppInfo | undefined {
  return APPS.find((app) => app.slug === key || String(app.id) === key);
}

/**
 * A funnel's settings of an app, checked against its schema: the parsed settings, or the first
 * problem with the field it names (`settings.meta_pixel_id`).
 */
export function checkAppSettings(
  app: AppInfo,
  settings: unknown,
): { ok: true; settings: Record<string, unknown> } | { ok: false; field: string; message: string } {
  const parsed = app.settings.safeParse(settings ?? {});
  if (parsed.success) return { ok: true, settings: parsed.data };
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  return {
    ok: false,
    field: path ? `settings.${path}` : 'settings',
    message: issue?.message ?? 'is not valid',
  };
}
