import { z } from 'zod';
import { dataBody } from '../shared/envelope.ts';
import { blankAsAbsent, idQuery, idValue, jsonObject } from '../shared/inputs.ts';

const timestamp = z.string();

/* ----------------------------------------------------------------------------------------------
 * Funnel apps
 * -------------------------------------------------------------------------------------------- */

export const funnelAppSchema = z.object({
  id: z.number().int(),
  funnel_id: z.number().int(),
  app_id: z.number().int(),
  settings: z.record(z.string(), z.unknown()),
  active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type FunnelApp = z.infer<typeof funnelAppSchema>;
export const funnelAppsQuerySchema = z.object({
  app_id: blankAsAbsent(idQuery()),
  funnel_id: blankAsAbsent(idQuery()),
});
/** PATCH funnels/{id}/apps: connects the app to the funnel or changes its settings. */
export const upsertFunnelAppBodySchema = dataBody(
  z.object({ app_id: idValue(), settings: jsonObject().optional(), active: z.boolean().optional() }),
);
export const patchFunnelAppBodySchema = dataBody(
  z.object({ settings: jsonObject().optional(), active: z.boolean().optional() }),
);
