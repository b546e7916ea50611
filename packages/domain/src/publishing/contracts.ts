import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { idQuery, text } from '../shared/inputs.ts';

export const publishStatusSchema = z.enum(['published', 'draft', 'changed']);

/** The optional note a merchant types in the publish dialog. */
export const publishBodySchema = dataBody(
  z.object({ note: text(200, { trim: true }).optional() }).default({}),
).nullish();
export type PublishBody = z.input<typeof publishBodySchema>;

/** A page's publish state, as the editor header and the step screen show it. */
export const pagePublishStateSchema = z.object({
  page_id: z.number().int(),
  status: publishStatusSchema,
  published_version_id: z.number().int().nullable(),
  /** The draft's version that was last published. */
  published_revision: z.number().int().nullable(),
  version: z.number().int(),
});
export type PagePublishState = z.infer<typeof pagePublishStateSchema>;

export const funnelPublishStateSchema = z.object({
  funnel_id: z.number().int(),
  live: z.boolean(),
  published_at: z.string().nullable(),
  status: publishStatusSchema,
  pages: z.array(pagePublishStateSchema),
});
export type FunnelPublishState = z.infer<typeof funnelPublishStateSchema>;
export const funnelPublishStateAnswerSchema = dataAnswer(funnelPublishStateSchema);

/** A live step's addresses: its live one and the preview link (not counted). */
export const publishedStepSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  live_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  /** The step's variant URL (`url2`); `{variant_url}/{page id}` serves that variant. */
  variant_url: z.string().nullable(),
});
/** A funnel's addresses and whether it is live (GET funnels/{id}/publish). */
export const funnelAddressesSchema = z.object({
  funnel_id: z.number().int(),
  published: z.boolean(),
  live_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  steps: z.array(publishedStepSchema),
});
export type FunnelAddresses = z.infer<typeof funnelAddressesSchema>;
export const funnelAddressesAnswerSchema = dataAnswer(funnelAddressesSchema);

export const pageVersionSchema = z.object({
  id: z.number().int(),
  page_id: z.number().int(),
  note: z.string(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  /** Who published it: their name, or '' when unknown (a version from before drafts, or a deleted person). */
  user_name: z.string(),
  /** The version shoppers get now (while the funnel is live). */
  live: z.boolean(),
});
export type PageVersion = z.infer<typeof pageVersionSchema>;
export const pageVersionListAnswerSchema = dataAnswer(z.array(pageVersionSchema));

export const pageVersionContentSchema = z.object({
  config: z.record(z.string(), z.unknown()).nullable(),
  css: z.string(),
  html: z.string(),
  head_js: z.string(),
  body_js: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keywords: z.string(),
});
export const pageVersionDetailSchema = pageVersionSchema.extend({
  content: pageVersionContentSchema,
  /** Blocks added, removed and edited in the current draft since this version, by block id. */
  changes: z.object({
    added: z.array(z.string()),
    removed: z.array(z.string()),
    edited: z.array(z.string()),
  }),
});
export type PageVersionDetail = z.infer<typeof pageVersionDetailSchema>;
export const pageVersionAnswerSchema = dataAnswer(pageVersionDetailSchema);

export const pageVersionParamsSchema = z.object({
  id: idQuery(),
  stepId: idQuery(),
  pageId: idQuery(),
  versionId: idQuery(),
});
