import { z } from 'zod';
import { COUNTRIES } from '../customers/countries.ts';
import { dataAnswer, dataBody, listAnswer } from '../shared/envelope.ts';
import {
  blankAsAbsent,
  currencyCode,
  idQuery,
  idValue,
  isoDay,
  isStorableText,
  jsonObject,
  pageQuery,
  queryFlag,
  queryText,
  requiredText,
  text,
} from '../shared/inputs.ts';
import { STEP_TYPE_VALUES } from './rules.ts';

/* ----------------------------------------------------------------------------------------------
 * Shared pieces
 * -------------------------------------------------------------------------------------------- */

const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [string, ...string[]];
/** Geo targeting: two-letter country codes. */
export const abGeoSchema = z.array(z.enum(COUNTRY_CODES)).max(COUNTRY_CODES.length);
export const funnelTypeSchema = z.union([z.literal(0), z.literal(1)]);
/** "step_type (1 Checkout, 2 Upsell, 3 Thank you page, 4 Downsell, 5 Landing page, 6 Other)". */
export const stepTypeSchema = z
  .number()
  .int()
  .min(1, 'Step type is one of 1 to 6')
  .max(STEP_TYPE_VALUES.length, 'Step type is one of 1 to 6');
/** A published path segment: letters, digits, hyphens and underscores. */
export const funnelPathSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Path is required')
  .max(60, 'Path must be at most 60 characters')
  .regex(/^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/, 'Path may hold only letters, digits, hyphens and underscores');
const funnelName = requiredText('Funnel name', 200);
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
    name: funnelName,
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
    name: funnelName.optional(),
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
  z.object({ name: funnelName.optional(), ab_geo: abGeoSchema.optional() }),
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

/* Geo-funnels */

export const abSplitBodySchema = dataBody(
  z.object({ name: funnelName.optional(), ab_geo: abGeoSchema.optional() }),
).nullish();
export const subFunnelsQuerySchema = z.object({ funnel_id: blankAsAbsent(idQuery()) });

/* Sharing */

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

/* ----------------------------------------------------------------------------------------------
 * Steps and pages
 * -------------------------------------------------------------------------------------------- */

export const pageBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ab_percent: z.number().int(),
  ab_geo: z.array(z.string()),
  funnel_id: z.number().int(),
  step_id: z.number().int(),
  version: z.number().int(),
  updated_at: timestamp,
});
export type PageBrief = z.infer<typeof pageBriefSchema>;

export const pageSchema = pageBriefSchema.extend({
  config: z.record(z.string(), z.unknown()).nullable(),
  css: z.string(),
  html: z.string(),
  head_js: z.string(),
  body_js: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keywords: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

export const stepSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  url2: z.string().nullable(),
  step_type: z.number().int(),
  funnel_id: z.number().int(),
  user_id: z.number().int().nullable(),
  ob: z.boolean(),
  order_index: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: z.string().nullable(),
  thumbnail_hash: z.string().nullable(),
  ab_type: z.string().nullable(),
  pages: z.array(pageBriefSchema),
});
export type Step = z.infer<typeof stepSchema>;
export const stepAnswerSchema = dataAnswer(stepSchema);
export const stepListAnswerSchema = dataAnswer(z.array(stepSchema));

/** A step URL as typed: trimmed, without spaces, '?', '#' or '\\' (the protocol prefix is stripped later). */
const stepUrl = z
  .string()
  .trim()
  .max(255, 'A step URL has at most 255 characters')
  .regex(/^[^\s?#\\]*$/, "A step URL may not hold spaces, '?', '#' or '\\'")
  .refine(isStorableText, 'may not hold broken Unicode');
const templateIdSchema = z.union([
  z.string().trim().min(1).max(40),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
]);
export const abTypeSchema = z.enum(['percent', 'geo']);

/**
 * The step create payload (spec §3): name, path, type, url, user_id, funnel_id, template_id,
 * order_index, pages (objects with id and template_id). The server takes the creator from the session
 * and sets order_index by the rule; `url` (or `path`) defaults to the path computed from the name.
 */
const stepCreateFields = {
  name: requiredText('Name', 200),
  path: stepUrl.optional(),
  type: stepTypeSchema,
  url: stepUrl.optional(),
  url2: stepUrl.nullable().optional(),
  user_id: idValue().nullable().optional(),
  template_id: templateIdSchema.nullable().optional(),
  order_index: z.number().int().min(0).max(100_000).optional(),
  pages: z
    .array(
      z.object({
        id: z
          .union([z.string().max(40), z.number()])
          .nullable()
          .optional(),
        template_id: templateIdSchema.nullable().optional(),
      }),
    )
    .max(10)
    .optional(),
};
/** POST funnel-steps (classic): the funnel is in the payload. */
export const createFunnelStepBodySchema = dataBody(z.object({ ...stepCreateFields, funnel_id: idValue() }));
/**
 * POST wfunnels/{id}/steps: the funnel is in the path (a funnel_id in the payload is ignored);
 * `user_template` is the call's flag: a bare numeric template_id then names a saved template.
 */
export const createWfunnelStepBodySchema = dataBody(
  z.object({ ...stepCreateFields, funnel_id: idValue().optional(), user_template: z.boolean().optional() }),
);
export type CreateStepInput = z.output<typeof createWfunnelStepBodySchema>['data'];

export const patchStepBodySchema = dataBody(
  z.object({
    name: requiredText('Name', 200).optional(),
    url: stepUrl.optional(),
    url2: stepUrl.nullable().optional(),
    step_type: stepTypeSchema.optional(),
    order_index: z.number().int().min(0).max(100_000).optional(),
    thumbnail_hash: text(200).nullable().optional(),
    ab_type: abTypeSchema.nullable().optional(),
    ob: z.boolean().optional(),
  }),
);
export type PatchStepBody = z.input<typeof patchStepBodySchema>;

export const stepParamsSchema = z.object({ stepId: idQuery() });
export const funnelStepParamsSchema = z.object({ id: idQuery(), stepId: idQuery() });
export const pageParamsSchema = z.object({ id: idQuery(), stepId: idQuery(), pageId: idQuery() });

export const cloneFunnelStepBodySchema = dataBody(
  z.object({
    step_id: idValue(),
    /** The funnel to copy into; the step's own funnel when absent. */
    funnel_id: idValue().optional(),
    name: text(200).optional(),
  }),
);
export const cloneStepBodySchema = dataBody(
  z.object({ funnel_id: idValue().optional(), name: text(200).optional() }),
).nullish();

export const pageListAnswerSchema = dataAnswer(z.array(pageBriefSchema));
export const pageAnswerSchema = dataAnswer(pageSchema);
const abPercentSchema = z.number().int().min(0).max(100);

export const createPageBodySchema = dataBody(
  z.object({
    name: requiredText('Name', 200).optional(),
    ab_percent: abPercentSchema.optional(),
    ab_geo: abGeoSchema.optional(),
    template_id: templateIdSchema.nullable().optional(),
  }),
).nullish();

/** The editor's save: `version`, when sent, must be the page's current version (else 409). */
export const patchPageBodySchema = dataBody(
  z.object({
    name: requiredText('Name', 200).optional(),
    config: jsonObject().nullable().optional(),
    css: text(200_000).optional(),
    html: text(500_000).optional(),
    head_js: text(100_000).optional(),
    body_js: text(100_000).optional(),
    seo_title: text(300).optional(),
    seo_description: text(1000).optional(),
    seo_keywords: text(1000).optional(),
    version: z.number().int().min(1).max(2_000_000_000).optional(),
  }),
);
export type PatchPageBody = z.input<typeof patchPageBodySchema>;

/** save-props for a page: name, ab_percent, ab_type (kept on its step), ab_geo. */
export const savePagePropsBodySchema = dataBody(
  z.object({
    name: requiredText('Name', 200).optional(),
    ab_percent: abPercentSchema.optional(),
    ab_type: abTypeSchema.nullable().optional(),
    ab_geo: abGeoSchema.optional(),
  }),
);

export const applyTemplateBodySchema = dataBody(
  z.object({
    template_id: templateIdSchema.nullable().optional(),
    /** Reset the document to empty with the default page settings. */
    clear: z.boolean().default(false),
  }),
);

/* Saved (user) step templates */

export const savedTemplateSchema = z.object({
  id: z.number().int(),
  /** The id to create a step from: 'U.' and the number. */
  template_id: z.string(),
  name: z.string(),
  badge: z.string().nullable(),
  author_name: z.string(),
  description: z.string(),
  /** A comma list. */
  tags: z.string(),
  step: z.object({ step_type: z.number().int(), thumbnail_hash: z.string().nullable() }),
  thumbnail_url: z.string().nullable(),
  pages_count: z.number().int(),
  created_at: timestamp,
});
export type SavedTemplate = z.infer<typeof savedTemplateSchema>;
export const saveTemplateBodySchema = dataBody(
  z.object({
    step_id: idValue(),
    name: requiredText('Template name', 200),
    description: text(2000).optional(),
    tags: text(500).optional(),
  }),
);

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

/* ----------------------------------------------------------------------------------------------
 * Domains
 * -------------------------------------------------------------------------------------------- */

export const domainSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['pending', 'verified', 'failed']),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  /** The DNS record that proves the domain is the merchant's. */
  verification: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  last_checked_at: z.string().nullable(),
  last_error: z.string().nullable(),
  funnels_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Domain = z.infer<typeof domainSchema>;
export const domainBodySchema = dataBody(z.object({ name: requiredText('Domain', 300) }));
export const domainValidationAnswerSchema = dataAnswer(
  z.object({ valid: z.boolean(), name: z.string(), message: z.string().nullable() }),
);

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
