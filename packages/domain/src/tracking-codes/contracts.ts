import { z } from 'zod';
import { dataBody } from '../shared/envelope.ts';
import { blankAsAbsent, idQuery, idValue, requiredText } from '../shared/inputs.ts';

const timestamp = z.string();

/* ----------------------------------------------------------------------------------------------
 * Tracking codes
 * -------------------------------------------------------------------------------------------- */

export const trackingCodeSchema = z.object({
  id: z.number().int(),
  funnel_id: z.number().int().nullable(),
  name: z.string(),
  code: z.string(),
  position: z.enum(['head', 'body']),
  order_index: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type TrackingCode = z.infer<typeof trackingCodeSchema>;
export const trackingCodesQuerySchema = z.object({ funnel_id: blankAsAbsent(idQuery()) });
export const createTrackingCodeBodySchema = dataBody(
  z.object({
    name: requiredText('Name', 200),
    code: requiredText('Code', 100_000),
    position: z.enum(['head', 'body']).default('head'),
    funnel_id: idValue().nullable().optional(),
  }),
);
export const patchTrackingCodeBodySchema = dataBody(
  z.object({
    name: requiredText('Name', 200).optional(),
    code: requiredText('Code', 100_000).optional(),
    position: z.enum(['head', 'body']).optional(),
    order_index: z.number().int().min(0).max(100_000).optional(),
  }),
);
export const updateTrackingIndexBodySchema = dataBody(
  z
    .array(z.object({ id: idValue(), order_index: z.number().int().min(0).max(100_000) }))
    .min(1)
    .max(500),
);
