import { z } from 'zod';
import { abGeoSchema } from '../funnels/contracts.ts';
import {
  STEP_TYPE_VALUES,
  STEP_URL_CHARACTERS_MESSAGE,
  STEP_URL_LENGTH_MESSAGE,
  STEP_URL_MAX_LENGTH,
  STEP_URL_PATTERN,
} from '../funnels/rules.ts';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { idQuery, idValue, isStorableText, jsonObject, requiredText, text } from '../shared/inputs.ts';
import { AB_STATES, SHARES_SUM_MESSAGE } from './split.ts';

const timestamp = z.string();

/** "step_type (1 Checkout, 2 Upsell, 3 Thank you page, 4 Downsell, 5 Landing page, 6 Other)". */
export const stepTypeSchema = z
  .number()
  .int()
  .min(1, 'Step type is one of 1 to 6')
  .max(STEP_TYPE_VALUES.length, 'Step type is one of 1 to 6');

/* ----------------------------------------------------------------------------------------------
 * Steps and pages
 * -------------------------------------------------------------------------------------------- */

export const pageBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ab_percent: z.number().int(),
  ab_geo: z.array(z.string()),
  /** In the split test: 'active' (served by its share), 'paused' (0 %, kept) or 'retired' (history). */
  ab_state: z.enum(AB_STATES),
  funnel_id: z.number().int(),
  step_id: z.number().int(),
  version: z.number().int(),
  updated_at: timestamp,
  /** What shoppers get: 'published' (the draft is live), 'draft' (never published) or 'changed'. */
  publish_status: z.enum(['published', 'draft', 'changed']),
  /** The draft's version that was last published; null until the first publish. */
  published_revision: z.number().int().nullable(),
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
  .max(STEP_URL_MAX_LENGTH, STEP_URL_LENGTH_MESSAGE)
  .regex(STEP_URL_PATTERN, STEP_URL_CHARACTERS_MESSAGE)
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
    /** A duplicate of this page of the step (its draft); not with `template_id`. */
    source_page_id: idValue().optional(),
  }),
).nullish();

/** The shares of a step's running variants at once: each running page once, adding up to 100. */
export const splitSharesBodySchema = dataBody(
  z.object({
    shares: z
      .array(z.object({ page_id: idValue(), ab_percent: abPercentSchema }))
      .min(1)
      .max(26)
      .refine((list) => list.reduce((sum, s) => sum + s.ab_percent, 0) === 100, SHARES_SUM_MESSAGE)
      .refine((list) => new Set(list.map((s) => s.page_id)).size === list.length, 'Each page once'),
  }),
);

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
