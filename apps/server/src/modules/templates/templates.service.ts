import {
  FUNNEL_KIT_STEPS,
  FUNNEL_KITS,
  findFunnelKit,
  findStepTemplate,
  renderPage,
  STEP_TEMPLATES,
  type StepTemplate,
  TEMPLATE_FORMATS,
} from '@funnelwork/blocks';
import type { FunnelKitsAnswer, PageTemplateOut, StepTemplateOut } from '@funnelwork/domain';
import { stepPathFromName, userTemplateId } from '@funnelwork/domain/rules';
import { templateMatches } from '@funnelwork/domain/templates/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { type TemplatePage, templateLikes, userTemplates } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';

type Deps = { db: Db };
type LikeCounts = Map<string, { likes: number; liked: boolean }>;

const templateNotFound = () => new HttpError(404, 'Template not found', 'not_found');
const kitNotFound = () => new HttpError(404, 'Funnel kit not found', 'not_found');

/** A built-in template's pages as the steps module stores pages: the document, and no custom code. */
export function builtinTemplatePages(template: StepTemplate): TemplatePage[] {
  return template.pages.map((page) => ({
    name: page.name,
    config: page.document() as unknown as Record<string, unknown>,
    css: '',
    html: '',
    head_js: '',
    body_js: '',
    seo_title: page.name,
    seo_description: template.description,
    seo_keywords: template.tags,
  }));
}

function stepTemplateOut(template: StepTemplate, counts: LikeCounts): StepTemplateOut {
  const count = counts.get(template.id) ?? { likes: 0, liked: false };
  return {
    id: template.id,
    template_id: template.id,
    name: template.name,
    badge: template.badge || null,
    author_name: template.authorName,
    description: template.description,
    tags: template.tags,
    step: { step_type: template.stepType, thumbnail_hash: null },
    thumbnail_url: template.thumbnailUrl,
    pages_count: template.pages.length,
    kit: template.kit,
    format: template.format,
    ...count,
  };
}

/** The built-in gallery of step and page templates, and each user's likes of it. */
export function createTemplatesService({ db }: Deps) {
  async function likeCounts(userId: number, templateIds?: string[]): Promise<LikeCounts> {
    const filter = templateIds
      ? sql`where template_id in (${sql.join(
          templateIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    const rows = rowsOf<{ template_id: string; likes: string | number; liked: boolean }>(
      await db.execute(sql`
        select template_id, count(*) as likes, bool_or(user_id = ${userId}) as liked
          from template_likes ${filter}
         group by template_id`),
    );
    return new Map(
      rows.map((row) => [row.template_id, { likes: Number(row.likes), liked: row.liked === true }]),
    );
  }

  function find(id: string): StepTemplate {
    const template = findStepTemplate(id);
    if (!template) throw templateNotFound();
    return template;
  }

  return {
    /** The funnel kits with their steps, and the formats the gallery filters by. */
    kits(): FunnelKitsAnswer {
      return {
        kits: FUNNEL_KITS.map((kit) => ({
          id: kit.id,
          name: kit.name,
          description: kit.description,
          steps: FUNNEL_KIT_STEPS[kit.id].map((step) => ({
            template_id: step.templateId,
            name: step.name,
            step_type: find(step.templateId).stepType,
          })),
          templates_count: STEP_TEMPLATES.filter((template) => template.kit === kit.id).length,
        })),
        formats: TEMPLATE_FORMATS.map((format) => ({ id: format.id, title: format.title })),
        templates_count: STEP_TEMPLATES.length,
      };
    },

    /** The steps a kit's funnel is made of, in order; 404 for an unknown kit. */
    kitSteps(id: string) {
      const kit = findFunnelKit(id);
      if (!kit) throw kitNotFound();
      return FUNNEL_KIT_STEPS[kit.id].map((step) => ({ ...step, stepType: find(step.templateId).stepType }));
    },

    async list(userId: number, filter: { step_type?: number; query?: string }) {
      const counts = await likeCounts(userId);
      return STEP_TEMPLATES.filter(
        (template) =>
          (filter.step_type === undefined || template.stepType === filter.step_type) &&
          templateMatches(template, filter.query ?? ''),
      ).map((template) => stepTemplateOut(template, counts));
    },

    async get(userId: number, id: string) {
      const template = find(id);
      const counts = await likeCounts(userId, [template.id]);
      return {
        ...stepTemplateOut(template, counts),
        pages: builtinTemplatePages(template).map((page) => ({ name: page.name, config: page.config ?? {} })),
      };
    },

    /** Likes (or, with `liked` false, unlikes) a template for the user; repeating either changes nothing. */
    async setLike(userId: number, id: string, liked: boolean) {
      const template = find(id);
      if (liked) {
        await db.insert(templateLikes).values({ userId, templateId: template.id }).onConflictDoNothing();
      } else {
        await db
          .delete(templateLikes)
          .where(and(eq(templateLikes.userId, userId), eq(templateLikes.templateId, template.id)));
      }
      const count = (await likeCounts(userId, [template.id])).get(template.id) ?? { likes: 0, liked: false };
      return { id: template.id, ...count };
    },

    /** Every page of the built-in gallery as a page template, with its document rendered. */
    pageTemplates(): PageTemplateOut[] {
      return STEP_TEMPLATES.flatMap((template) =>
        builtinTemplatePages(template).map((page, index) => {
          const document = template.pages[index]!.document();
          const rendered = renderPage(document);
          return {
            id: template.pages.length === 1 ? template.id : `${template.id}.${index + 1}`,
            template_id: template.id,
            name: page.name,
            seo_title: page.seo_title,
            seo_description: page.seo_description,
            seo_keywords: page.seo_keywords,
            url: stepPathFromName(page.name),
            config: page.config,
            css: rendered.css,
            html: rendered.html,
            head_js: '',
            body_js: '',
          };
        }),
      );
    },

    /** The pages of the account's saved templates, newest template first. */
    async userPageTemplates(accountId: number): Promise<PageTemplateOut[]> {
      const rows = await db
        .select({ id: userTemplates.id, pages: userTemplates.pages })
        .from(userTemplates)
        .where(ownedBy(userTemplates, accountId))
        .orderBy(desc(userTemplates.createdAt), desc(userTemplates.id));
      return rows.flatMap((row) =>
        row.pages.map((page, index) => ({
          id: `${userTemplateId(row.id)}.${index + 1}`,
          template_id: userTemplateId(row.id),
          name: page.name,
          seo_title: page.seo_title,
          seo_description: page.seo_description,
          seo_keywords: page.seo_keywords,
          url: stepPathFromName(page.name),
          config: page.config,
          css: page.css,
          html: page.html,
          head_js: page.head_js,
          body_js: page.body_js,
        })),
      );
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
