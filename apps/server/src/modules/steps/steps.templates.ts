import { emptyDocument, findStepTemplate } from '@funnelwork/blocks';
import type { SavedTemplate } from '@funnelwork/domain';
import { parseTemplateId, type TemplateRef, userTemplateId } from '@funnelwork/domain/rules';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { pages, type TemplatePage, users, userTemplates } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { builtinTemplatePages } from '../templates/templates.service.ts';
import { findStep, type PageRow, pageContentOut } from './steps.queries.ts';

const TEMPLATE_NOT_FOUND = 'Template not found';

/** What a page holds besides its name and split: the editor's document and code. */
export type PageContent = Omit<TemplatePage, 'name'>;

export const emptyContent = (): PageContent => ({
  config: emptyDocument('page') as unknown as Record<string, unknown>,
  css: '',
  html: '',
  head_js: '',
  body_js: '',
  seo_title: '',
  seo_description: '',
  seo_keywords: '',
});

/** A page's content as its row's columns. */
export const contentColumns = (content: PageContent) => ({
  config: content.config,
  css: content.css,
  html: content.html,
  headJs: content.head_js,
  bodyJs: content.body_js,
  seoTitle: content.seo_title,
  seoDescription: content.seo_description,
  seoKeywords: content.seo_keywords,
});

/** A step's pages in the order they were made (what a copy or a saved template takes). */
export function pagesOfStep(tx: Db, accountId: number, stepId: number): Promise<PageRow[]> {
  return tx
    .select()
    .from(pages)
    .where(and(ownedBy(pages, accountId), eq(pages.stepId, stepId)))
    .orderBy(asc(pages.id));
}

/** The pages of the template a template id names (built-in or the account's); 404 for an unknown one. */
export async function templatePages(
  tx: Db,
  accountId: number,
  ref: TemplateRef | null,
): Promise<TemplatePage[] | null> {
  if (ref === null) return null;
  if (ref.kind === 'builtin') {
    const builtin = findStepTemplate(ref.id);
    if (!builtin) throw new HttpError(404, TEMPLATE_NOT_FOUND, 'not_found', 'data.template_id');
    return builtinTemplatePages(builtin);
  }
  const [template] = await tx
    .select({ pages: userTemplates.pages })
    .from(userTemplates)
    .where(and(ownedBy(userTemplates, accountId), eq(userTemplates.id, ref.id)));
  if (!template) throw new HttpError(404, TEMPLATE_NOT_FOUND, 'not_found', 'data.template_id');
  return template.pages;
}

/** The template a create call's `template_id` names, or null for none; 404 for one that is no id. */
export function refOf(
  templateId: string | number | null | undefined,
  userTemplateFlag: boolean,
): TemplateRef | null {
  if (templateId === null || templateId === undefined) return null;
  // The create call's flag marks a bare number as a saved template's id.
  if (userTemplateFlag && /^\d+$/.test(String(templateId).trim())) return parseTemplateId(`U.${templateId}`);
  const ref = parseTemplateId(templateId);
  if (ref === null) throw new HttpError(404, TEMPLATE_NOT_FOUND, 'not_found', 'data.template_id');
  return ref;
}

/** Saved (user) templates: a step and its pages kept under the account as 'U.<id>'. */
export function createStepTemplates({ db }: { db: Db }) {
  async function listTemplates(accountId: number): Promise<SavedTemplate[]> {
    const rows = await db
      .select()
      .from(userTemplates)
      .where(ownedBy(userTemplates, accountId))
      .orderBy(desc(userTemplates.createdAt), desc(userTemplates.id));
    return rows.map((t) => ({
      id: t.id,
      template_id: userTemplateId(t.id),
      name: t.name,
      badge: t.badge,
      author_name: t.authorName,
      description: t.description,
      tags: t.tags,
      step: { step_type: t.stepType, thumbnail_hash: t.thumbnailHash },
      thumbnail_url: null,
      pages_count: t.pages.length,
      created_at: iso(t.createdAt),
    }));
  }

  return {
    listTemplates,

    /** Saves a step and its pages as a template of the account ('U.<id>'). */
    async saveTemplate(
      accountId: number,
      userId: number,
      input: { step_id: number; name: string; description?: string; tags?: string },
    ) {
      const step = await findStep(db, accountId, input.step_id);
      const stepPages = await pagesOfStep(db, accountId, step.id);
      const [author] = await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId));
      const [row] = await db
        .insert(userTemplates)
        .values({
          accountId,
          userId,
          name: input.name,
          description: input.description ?? '',
          tags: input.tags ?? '',
          authorName: `${author?.firstName ?? ''} ${author?.lastName ?? ''}`.trim(),
          stepType: step.stepType,
          thumbnailHash: step.thumbnailHash,
          pages: stepPages.map((p) => ({ name: p.name, ...pageContentOut(p) })),
        })
        .returning({ id: userTemplates.id });
      if (!row) throw new Error('template not saved');
      const saved = (await listTemplates(accountId)).find((t) => t.id === row.id);
      if (!saved) throw notFound('Template');
      return saved;
    },

    async deleteTemplate(accountId: number, templateId: number) {
      const deleted = await db
        .delete(userTemplates)
        .where(and(ownedBy(userTemplates, accountId), eq(userTemplates.id, templateId)))
        .returning({ id: userTemplates.id });
      if (deleted.length === 0) throw notFound('Template');
    },
  };
}
