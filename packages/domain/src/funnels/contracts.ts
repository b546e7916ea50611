import { z } from 'zod';
import { COUNTRIES } from '../customers/countries.ts';
import { dataAnswer, dataBody, listAnswer } from '../shared/envelope.ts';
import {
  blankAsAbsent,
  currencyCode,
  idQuery,
  idValue,
  isoDay,
  pageQuery,
  queryFlag,
  queryText,
  requiredText,
  text,
} from '../shared/inputs.ts';

/* ----------------------------------------------------------------------------------------------
 * Shared pieces
 * -------------------------------------------------------------------------------------------- */

const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [string, ...string[]];
/** Geo targeting: two-letter country codes. */
export const abGeoSchema = z.array(z.enum(COUNTRY_CODES)).max(COUNTRY_CODES.length);
export const funnelTypeSchema = z.union([z.literal(0), z.literal(1)]);
/** A published path segment: letters, digits, hyphens and underscores. */
export const funnelPathSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Path is required')
  .max(60, 'Path must be at most 60 characters')
  .regex(/^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/, 'Path may hold only letters, digits, hyphens and underscores');
/** A funnel's name as a request gives it. */
export const funnelNameSchema = requiredText('Funnel name', 200);
const timestamp = z.string();

/* ----------------------------------------------------------------------------------------------
 * Funnels
 * -------------------------------------------------------------------------------------------- */

export const funnelStatsSchema = z.object({
  /** Major units in the funnel's currency, rounded to two decimals. */
  revenue: z.number(),
  orders: z.number().int(),
  visits: z.number().int(),
});
export type FunnelStats = z.infer<typeof funnelStatsSchema>;

export const funnelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  funnel_type: funnelTypeSchema,
  funnel_group_id: z.number().int().nullable(),
  pinned: z.boolean(),
  currency_code: z.string().nullable(),
  share_code: z.string().nullable(),
  path: z.string(),
  domain_id: z.number().int().nullable(),
  domain_name: z.string().nullable(),
  ab_geo: z.array(z.string()),
  is_sub_funnel: z.boolean(),
  folder_id: z.number().int().nullable(),
  /** Live for shoppers since then; null while unpublished (a geo-funnel follows its main funnel). */
  published_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Funnel = z.infer<typeof funnelSchema>;
export const funnelAnswerSchema = dataAnswer(funnelSchema);

export const funnelListItemSchema = funnelSchema.extend({
  stats: funnelStatsSchema,
  steps_count: z.number().int(),
  sub_funnels_count: z.number().int(),
  /** 'published', 'draft' (not live, or nothing published) or 'changed' (drafts not published). */
  publish_status: z.enum(['published', 'draft', 'changed']),
});
export type FunnelListItem = z.infer<typeof funnelListItemSchema>;
export const funnelListAnswerSchema = listAnswer(funnelListItemSchema);

export const funnelListQuerySchema = z.object({
  ...pageQuery,
  /** Part of the name, case-insensitively. */
  query: blankAsAbsent(queryText(200)),
  folder_id: blankAsAbsent(idQuery()),
  funnel_type: blankAsAbsent(z.enum(['0', '1'])),
});
export type FunnelListQuery = z.input<typeof funnelListQuerySchema>;
/** The list query as the server reads it (blank parameters dropped, page defaults applied). */
export type FunnelListParams = z.output<typeof funnelListQuerySchema>;

export const createFunnelBodySchema = dataBody(
  z.object({
    name: funnelNameSchema,
    funnel_type: funnelTypeSchema.default(0),
    currency_code: currencyCode().nullable().optional(),
    path: funnelPathSchema.optional(),
    folder_id: idValue().nullable().optional(),
    domain_id: idValue().nullable().optional(),
  }),
);
export type CreateFunnelBody = z.input<typeof createFunnelBodySchema>;

/** PATCH funnels/{id}: any of these fields; other fields of a funnel object sent along are ignored. */
export const patchFunnelBodySchema = dataBody(
  z.object({
    name: funnelNameSchema.optional(),
    funnel_type: funnelTypeSchema.optional(),
    currency_code: currencyCode().nullable().optional(),
    path: funnelPathSchema.optional(),
    folder_id: idValue().nullable().optional(),
    domain_id: idValue().nullable().optional(),
    pinned: z.boolean().optional(),
    ab_geo: abGeoSchema.optional(),
  }),
);
export type PatchFunnelBody = z.input<typeof patchFunnelBodySchema>;

export const pinQuerySchema = z.object({ pinned: queryFlag() });

export const saveFunnelPropsBodySchema = dataBody(
  z.object({ name: funnelNameSchema.optional(), ab_geo: abGeoSchema.optional() }),
);
export type SaveFunnelPropsBody = z.input<typeof saveFunnelPropsBodySchema>;

/** Clone request (spec §3): funnel_to_clone, new_name, clone_steps, clone_products. */
export const cloneFunnelBodySchema = dataBody(
  z.object({
    funnel_to_clone: idValue(),
    new_name: text(200).optional(),
    clone_steps: z.boolean().default(true),
    clone_products: z.boolean().default(true),
  }),
);
export type CloneFunnelBody = z.input<typeof cloneFunnelBodySchema>;
export const clonedFunnelAnswerSchema = dataAnswer(
  z.object({ id: z.number().int(), funnel_type: funnelTypeSchema }),
);
export type ClonedFunnel = z.infer<typeof clonedFunnelAnswerSchema>['data'];

export const funnelStatsQuerySchema = z.object({
  funnel_id: blankAsAbsent(idQuery()),
  /** First and last day included, 'YYYY-MM-DD'; all time when absent. */
  start: blankAsAbsent(isoDay()),
  end: blankAsAbsent(isoDay()),
});
export const funnelStatsRowSchema = funnelStatsSchema.extend({ funnel_id: z.number().int() });
export const funnelStatsAnswerSchema = dataAnswer(z.array(funnelStatsRowSchema));

export const allFunnelStepsQuerySchema = z.object({ funnel_type: blankAsAbsent(z.enum(['0', '1'])) });
export const funnelStepBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  step_type: z.number().int(),
  order_index: z.number().int(),
  funnel_id: z.number().int(),
  funnel_name: z.string(),
  funnel_type: funnelTypeSchema,
});
export const allFunnelStepsAnswerSchema = dataAnswer(z.array(funnelStepBriefSchema));

/* Folders */

export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  funnels_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Folder = z.infer<typeof folderSchema>;
export const folderBodySchema = dataBody(z.object({ name: requiredText('Folder name', 100) }));
export const folderParamsSchema = z.object({ folderId: idQuery() });
export const addToFolderQuerySchema = z.object({ funnel_id: idQuery() });
