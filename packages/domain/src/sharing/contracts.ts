import { z } from 'zod';
import { funnelTypeSchema } from '../funnels/contracts.ts';
import { dataAnswer } from '../shared/envelope.ts';
import { blankAsAbsent, idQuery, queryFlag, queryText } from '../shared/inputs.ts';

/* Sharing: a funnel shared by a code, and cloned from it into another account. */

export const shareCodeSchema = z
  .string()
  .trim()
  .min(6, 'A share code has at least 6 characters')
  .max(64, 'A share code has at most 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'A share code holds letters, digits, hyphens and underscores');
/** POST wfunnels/{id}/share: stores the share code (a new random one when `code` is absent). */
export const shareFunnelQuerySchema = z.object({ code: blankAsAbsent(shareCodeSchema) });
export const shareAnswerSchema = dataAnswer(
  z.object({ funnel_id: z.number().int(), share_code: z.string(), share_url: z.string() }),
);
/** Share request (spec §3): funnel, code, name, cloneGeoFunnels flag, folder id. */
export const shareCloneQuerySchema = z.object({
  funnel: idQuery(),
  code: shareCodeSchema,
  name: blankAsAbsent(queryText(200)),
  'clone-geo-funnels': blankAsAbsent(queryFlag()),
  folder_id: blankAsAbsent(idQuery()),
});
export const sharedFunnelQuerySchema = z.object({ funnel: idQuery(), code: shareCodeSchema });
export const sharedFunnelAnswerSchema = dataAnswer(
  z.object({
    funnel_id: z.number().int(),
    name: z.string(),
    funnel_type: funnelTypeSchema,
    steps_count: z.number().int(),
    geo_funnels_count: z.number().int(),
  }),
);
