import { z } from 'zod';
import { abGeoSchema, funnelNameSchema } from '../funnels/contracts.ts';
import { dataBody } from '../shared/envelope.ts';
import { blankAsAbsent, idQuery } from '../shared/inputs.ts';

/* Geo-funnels: a funnel's sub-funnels, each shown to shoppers from its countries (wfunnels/{id}/ab-split). */

export const abSplitBodySchema = dataBody(
  z.object({ name: funnelNameSchema.optional(), ab_geo: abGeoSchema.optional() }),
).nullish();
export const subFunnelsQuerySchema = z.object({ funnel_id: blankAsAbsent(idQuery()) });
