import { z } from 'zod';
import { funnelNameSchema } from '../funnels/contracts.ts';
import { STEP_TYPE_VALUES } from '../funnels/rules.ts';
import { dataBody } from '../shared/envelope.ts';

/**
 * "Step template: id, name, badge, author_name, description, tags (comma list), step.thumbnail_hash,
 * thumbnail_url." Built-in templates add how many users like them and whether the caller does.
 */
export const stepTemplateSchema = z.object({
  id: z.string(),
  /** The id a step is created from (`template_id` of the step create call). */
  template_id: z.string(),
  name: z.string(),
  badge: z.string().nullable(),
  author_name: z.string(),
  description: z.string(),
  tags: z.string(),
  step: z.object({ step_type: z.number().int(), thumbnail_hash: z.string().nullable() }),
  thumbnail_url: z.string().nullable(),
  pages_count: z.number().int(),
  likes: z.number().int(),
  liked: z.boolean(),
  /** The funnel kit it belongs to (a `funnelKitSchema` id). */
  kit: z.string(),
  /** What it is for, finer than its step type (a `formats` id of the kits answer). */
  format: z.string(),
});
export type StepTemplateOut = z.infer<typeof stepTemplateSchema>;

export const stepTemplateDetailSchema = stepTemplateSchema.extend({
  pages: z.array(z.object({ name: z.string(), config: z.record(z.string(), z.unknown()) })),
});

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const templatesQuerySchema = z.object({
  step_type: z.preprocess(emptyAsAbsent, z.coerce.number().pipe(z.literal(STEP_TYPE_VALUES)).optional()),
  /** Words to find in the name, description or tags. */
  query: z.preprocess(emptyAsAbsent, z.string().max(200).optional()),
});

export const templateParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const templateLikeAnswerSchema = z.object({
  data: z.object({ id: z.string(), likes: z.number().int(), liked: z.boolean() }),
});

/**
 * "Page template: id, name, seo_title, seo_description, seo_keywords, url, config (editor and page), css,
 * html, head_js, body_js." `config` is the editor document; built-in templates also carry it rendered.
 */
export const pageTemplateSchema = z.object({
  id: z.string(),
  /** The id to apply the page with (`template_id` of apply-template or a new page). */
  template_id: z.string(),
  name: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  seo_keywords: z.string(),
  url: z.string(),
  config: z.record(z.string(), z.unknown()).nullable(),
  css: z.string(),
  html: z.string(),
  head_js: z.string(),
  body_js: z.string(),
});
export type PageTemplateOut = z.infer<typeof pageTemplateSchema>;

/** A funnel kit of the gallery: its templates make a whole funnel, the `steps` in order. */
export const funnelKitSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  steps: z.array(z.object({ template_id: z.string(), name: z.string(), step_type: z.number().int() })),
  templates_count: z.number().int(),
});
export type FunnelKit = z.infer<typeof funnelKitSchema>;

/** GET templates/kits: the kits, the formats the gallery filters by, and how many templates there are. */
export const funnelKitsAnswerSchema = z.object({
  data: z.object({
    kits: z.array(funnelKitSchema),
    formats: z.array(z.object({ id: z.string(), title: z.string() })),
    templates_count: z.number().int(),
  }),
});
export type FunnelKitsAnswer = z.infer<typeof funnelKitsAnswerSchema>['data'];

export const kitParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** POST templates/kits/{id}/funnels: a new funnel with the kit's steps. */
export const createKitFunnelBodySchema = dataBody(z.object({ name: funnelNameSchema }));

/** Whether a template shows for a search: every word of it is in its name, description or tags. */
export function templateMatches(
  template: { name: string; description: string; tags: string },
  query: string,
): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${template.name} ${template.description} ${template.tags}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
