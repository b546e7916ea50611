import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { idQuery } from '../shared/inputs.ts';

/** An entry of the app catalogue with the account's state of it (GET apps, GET apps/{id}). */
export const appSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['tracking_pixels', 'spreadsheet_rows', 'email_marketing', 'webhook']),
  description: z.string(),
  /** The integration it uses (its account connection), or null. */
  integration_id: z.number().int().nullable(),
  integration_name: z.string().nullable(),
  /** Whether that integration is connected and switched on; true when it needs none. */
  integration_ready: z.boolean(),
  /** Whether that integration is connected (switched on or not); true when it needs none. */
  integration_connected: z.boolean(),
  /** Whether the integration connects with OAuth here (`apps/{id}/connect`). */
  oauth: z.boolean(),
  /** The account's switch (PATCH user-apps/{id}); off stops it in every funnel. */
  active: z.boolean(),
  /** How many funnels have it switched on. */
  funnels: z.number().int(),
  /** JSON Schema of a funnel's settings of the app. */
  settings_schema: z.record(z.string(), z.unknown()),
  methods: z.array(z.object({ name: z.string(), description: z.string() })),
});
export type AppAnswer = z.infer<typeof appSchema>;
export const appListAnswerSchema = dataAnswer(z.array(appSchema));
export const appAnswerSchema = dataAnswer(appSchema);

/** `apps/{id}` and `app-howtos/{id}`: the id or the slug. */
export const appKeyParamsSchema = z.object({
  id: z.string().min(1).max(64, 'id must be at most 64 characters'),
});

export const appHowtoSchema = z.object({
  id: z.number().int(),
  app_id: z.number().int(),
  title: z.string(),
  steps: z.array(z.string()),
});
export const appHowtoAnswerSchema = dataAnswer(appHowtoSchema);

export const patchUserAppBodySchema = dataBody(
  z.object({ active: z.boolean({ error: 'active is true or false' }) }),
);
export const userAppAnswerSchema = dataAnswer(z.object({ app_id: z.number().int(), active: z.boolean() }));

/** POST apps/{id}/call-method?method=…&funnelId=…: a method of the app, for one funnel's settings. */
export const callAppMethodQuerySchema = z.object({
  method: z.string({ error: 'method is required' }).min(1, 'method is required').max(64),
  funnelId: idQuery(),
});
export const callAppMethodAnswerSchema = dataAnswer(z.unknown());

export const appConnectAnswerSchema = dataAnswer(
  z.object({ authorize_url: z.string(), expires_at: z.string() }),
);
/** What the OAuth service added to /apps/{id}/connect-redirect, handed on by the screen. */
export const appConnectRedirectBodySchema = dataBody(
  z.object({
    state: z
      .string({ error: 'state is required' })
      .min(1, 'state is required')
      .max(2000, 'state is not valid'),
    code: z.string().max(2000, 'code is not valid').optional(),
    error: z.string().max(200).optional(),
  }),
);
export const appConnectRedirectAnswerSchema = dataAnswer(
  z.object({ connected: z.boolean(), integration_id: z.number().int() }),
);
