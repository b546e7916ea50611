import { applyTemplate, CORRUPT_DOCUMENT_MESSAGE, emptyDocument, findStepTemplate } from '@funnelwork/blocks';
import type { CreateStepInput, PatchPageBody, PatchStepBody, SavedTemplate } from '@funnelwork/domain';
import {
  cleanStepUrl,
  cloneName,
  evenAbPercents,
  firstFreePath,
  nextOrderIndex,
  parseTemplateId,
  stepPathFromName,
  type TemplateRef,
  userTemplateId,
} from '@funnelwork/domain/rules';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, isUniqueViolation, ownedBy } from '../../db/query-helpers.ts';
import { pages, steps, type TemplatePage, users, userTemplates } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { findFunnel, touchFunnel } from '../funnels/funnels.queries.ts';
import { builtinTemplatePages } from '../templates/templates.service.ts';
import { checkedDocument, readableDocument } from './page-documents.ts';
import {
  findPage,
  findStep,
  listSteps,
  liveStepCount,
  liveStepUrls,
  loadStep,
  type PageRow,
  pageOut,
  stepUrlConflict,
} from './steps.queries.ts';

type Deps = { db: Db };

const TEMPLATE_NOT_FOUND = 'Template not found';
/** What a page holds besides its name and split: the editor's document and code. */
type PageContent = Omit<TemplatePage, 'name'>;

const emptyContent = (): PageContent => ({
  config: emptyDocument('page') as unknown as Record<string, unknown>,
  css: '',
  html: '',
  head_js: '',
  body_js: '',
  seo_title: '',
  seo_description: '',
  seo_keywords: '',
});

const contentColumns = (content: PageContent) => ({
  config: content.config,
  css: content.css,
  html: content.html,
  headJs: content.head_js,
  bodyJs: content.body_js,
  seoTitle: content.seo_title,
  seoDescription: content.seo_description,
  seoKeywords: content.seo_keywords,
});

/** A cleaned step URL, or a 400 naming the field. */
function stepUrl(raw: string, field: string): string {
  const url = cleanStepUrl(raw);
  if (url === '') throw new HttpError(400, `${field}: Step URL is required`, 'validation_error', field);
  if (/[\s?#\\]/.test(url) || url.length > 255) {
    throw new HttpError(
      400,
      `${field}: A step URL may not hold spaces, '?', '#' or '\\' and has at most 255 characters`,
      'validation_error',
      field,
    );
  }
  return url;
}

/** Runs a write that may hit the unique step-URL index, answering 409 for it. */
async function withUrlCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'steps_funnel_url_idx')) throw stepUrlConflict();
    throw error;
  }
}

export function createStepsService({ db }: Deps) {
  /** The pages of the user template a template id names; 404 for an unknown one. */
  async function templatePages(
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

  function refOf(
    templateId: string | number | null | undefined,
    userTemplateFlag: boolean,
  ): TemplateRef | null {
    if (templateId === null || templateId === undefined) return null;
    // The create call's flag marks a bare number as a saved template's id.
    if (userTemplateFlag && /^\d+$/.test(String(templateId).trim()))
      return parseTemplateId(`U.${templateId}`);
    const ref = parseTemplateId(templateId);
    if (ref === null) throw new HttpError(404, TEMPLATE_NOT_FOUND, 'not_found', 'data.template_id');
    return ref;
  }

  async function assertUrlFree(
    tx: Db,
    accountId: number,
    funnelId: number,
    url: string,
    exceptStepId?: number,
  ) {
    const taken = await liveStepUrls(tx, accountId, funnelId, exceptStepId);
    if (taken.includes(url.toLowerCase())) throw stepUrlConflict();
  }

  /** Renumbers a funnel's live steps 1, 2, 3 … in their current order. */
  async function compactOrder(tx: Db, accountId: number, funnelId: number) {
    await tx.execute(sql`
      update steps set order_index = ordered.position
        from (select id, row_number() over (order by order_index, id) as position
                from steps
               where account_id = ${accountId} and funnel_id = ${funnelId} and deleted_at is null) as ordered
       where steps.id = ordered.id and steps.account_id = ${accountId} and steps.order_index <> ordered.position`);
  }

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
    async list(accountId: number, funnelId: number) {
      await findFunnel(db, accountId, funnelId);
      return listSteps(db, accountId, funnelId);
    },

    async get(accountId: number, stepId: number, funnelId?: number) {
      await findStep(db, accountId, stepId, funnelId);
      return loadStep(db, accountId, stepId);
    },

    /**
     * Creates a step with the spec's payload: the URL is cleaned (or computed from the name), taken
     * URLs answer 409, order_index is the number of existing steps plus one, and each page starts from
     * its template or an empty document.
     */
    async create(
      accountId: number,
      userId: number,
      funnelId: number,
      input: CreateStepInput,
      options: { userTemplateFlag?: boolean } = {},
    ) {
      await findFunnel(db, accountId, funnelId);
      const rawUrl = input.url ?? input.path;
      const url =
        rawUrl !== undefined && cleanStepUrl(rawUrl) !== ''
          ? stepUrl(rawUrl, input.url !== undefined ? 'data.url' : 'data.path')
          : stepUrl(stepPathFromName(input.name).replace(/[?#\\]/g, ''), 'data.name');
      const url2 = input.url2 ? stepUrl(input.url2, 'data.url2') : null;
      const flag = options.userTemplateFlag ?? false;
      const stepTemplate = refOf(input.template_id, flag);

      const stepId = await withUrlCheck(() =>
        db.transaction(async (tx) => {
          await findFunnel(tx, accountId, funnelId);
          await assertUrlFree(tx, accountId, funnelId, url);
          const fromStepTemplate = await templatePages(tx, accountId, stepTemplate);
          // Pages: one per payload entry (each from its own template or the step's), else the
          // template's pages, else one empty page.
          let contents: Array<{ name?: string; content: PageContent }>;
          if (input.pages && input.pages.length > 0) {
            contents = [];
            for (const entry of input.pages) {
              const ref = entry.template_id != null ? refOf(entry.template_id, flag) : stepTemplate;
              const [first] = (await templatePages(tx, accountId, ref)) ?? [];
              contents.push(first ? { name: first.name, content: first } : { content: emptyContent() });
            }
          } else if (fromStepTemplate && fromStepTemplate.length > 0) {
            contents = fromStepTemplate.map((p) => ({ name: p.name, content: p }));
          } else {
            contents = [{ content: emptyContent() }];
          }
          const orderIndex = nextOrderIndex(await liveStepCount(tx, accountId, funnelId));
          const [step] = await tx
            .insert(steps)
            .values({
              accountId,
              funnelId,
              userId,
              name: input.name,
              url,
              url2,
              stepType: input.type,
              orderIndex,
            })
            .returning({ id: steps.id });
          if (!step) throw new Error('step not created');
          const percents = evenAbPercents(contents.length);
          await tx.insert(pages).values(
            contents.map((c, i) => ({
              accountId,
              funnelId,
              stepId: step.id,
              name: contents.length === 1 ? input.name : `${input.name} ${String.fromCharCode(65 + i)}`,
              abPercent: percents[i] ?? 0,
              ...contentColumns(c.content),
            })),
          );
          await touchFunnel(tx, accountId, funnelId);
          return step.id;
        }),
      );
      return loadStep(db, accountId, stepId);
    },

    async patch(
      accountId: number,
      stepId: number,
      funnelId: number | undefined,
      input: PatchStepBody['data'],
    ) {
      const step = await findStep(db, accountId, stepId, funnelId);
      const url = input.url !== undefined ? stepUrl(input.url, 'data.url') : undefined;
      const url2 =
        input.url2 === undefined
          ? undefined
          : input.url2 === null || input.url2.trim() === ''
            ? null
            : stepUrl(input.url2, 'data.url2');
      await withUrlCheck(() =>
        db.transaction(async (tx) => {
          if (url !== undefined) await assertUrlFree(tx, accountId, step.funnelId, url, step.id);
          await tx
            .update(steps)
            .set({
              ...(input.name !== undefined && { name: input.name }),
              ...(url !== undefined && { url }),
              ...(url2 !== undefined && { url2 }),
              ...(input.step_type !== undefined && { stepType: input.step_type }),
              ...(input.order_index !== undefined && { orderIndex: input.order_index }),
              ...(input.thumbnail_hash !== undefined && { thumbnailHash: input.thumbnail_hash }),
              ...(input.ab_type !== undefined && { abType: input.ab_type }),
              ...(input.ob !== undefined && { ob: input.ob }),
              updatedAt: new Date(),
            })
            .where(and(ownedBy(steps, accountId), eq(steps.id, step.id)));
          await touchFunnel(tx, accountId, step.funnelId);
        }),
      );
      return loadStep(db, accountId, stepId);
    },

    /** Soft delete; the remaining steps are renumbered 1, 2, 3 … so the next new step fits after them. */
    async remove(accountId: number, stepId: number, funnelId?: number) {
      const step = await findStep(db, accountId, stepId, funnelId);
      await db.transaction(async (tx) => {
        await tx
          .update(steps)
          .set({ deletedAt: new Date() })
          .where(and(ownedBy(steps, accountId), eq(steps.id, step.id)));
        await compactOrder(tx, accountId, step.funnelId);
        await touchFunnel(tx, accountId, step.funnelId);
      });
    },

    /** Copies a step with its pages into its own funnel or another of the account's, on a free URL. */
    async clone(
      accountId: number,
      userId: number,
      stepId: number,
      options: { funnelId?: number; targetFunnelId?: number; name?: string },
    ) {
      const source = await findStep(db, accountId, stepId, options.funnelId);
      const targetFunnelId = options.targetFunnelId ?? source.funnelId;
      const copyId = await withUrlCheck(() =>
        db.transaction(async (tx) => {
          await findFunnel(tx, accountId, targetFunnelId);
          const url = firstFreePath(source.url, await liveStepUrls(tx, accountId, targetFunnelId));
          const orderIndex = nextOrderIndex(await liveStepCount(tx, accountId, targetFunnelId));
          const [copy] = await tx
            .insert(steps)
            .values({
              accountId,
              funnelId: targetFunnelId,
              userId,
              name: options.name?.trim() || cloneName(source.name),
              url,
              url2: source.url2,
              stepType: source.stepType,
              ob: source.ob,
              orderIndex,
              thumbnailHash: source.thumbnailHash,
              abType: source.abType,
            })
            .returning({ id: steps.id });
          if (!copy) throw new Error('step not copied');
          const sourcePages = await tx
            .select()
            .from(pages)
            .where(and(ownedBy(pages, accountId), eq(pages.stepId, source.id)))
            .orderBy(asc(pages.id));
          if (sourcePages.length > 0) {
            await tx.insert(pages).values(
              sourcePages.map((p) => ({
                accountId,
                funnelId: targetFunnelId,
                stepId: copy.id,
                name: p.name,
                abPercent: p.abPercent,
                abGeo: p.abGeo,
                config: p.config,
                css: p.css,
                html: p.html,
                headJs: p.headJs,
                bodyJs: p.bodyJs,
                seoTitle: p.seoTitle,
                seoDescription: p.seoDescription,
                seoKeywords: p.seoKeywords,
              })),
            );
          }
          await touchFunnel(tx, accountId, targetFunnelId);
          return copy.id;
        }),
      );
      return loadStep(db, accountId, copyId);
    },

    /* Pages */

    async listPages(accountId: number, funnelId: number, stepId: number) {
      const step = await loadStep(db, accountId, (await findStep(db, accountId, stepId, funnelId)).id);
      return step.pages;
    },

    async getPage(accountId: number, funnelId: number, stepId: number, pageId: number) {
      await findStep(db, accountId, stepId, funnelId);
      const page = pageOut(await findPage(db, accountId, stepId, pageId));
      // The editor reads the document upgraded to the current version; an unreadable one answers 422.
      return { ...page, config: readableDocument(page.config) };
    },

    /** A new page (A/B variant) of a step, from a saved template or empty. */
    async createPage(
      accountId: number,
      funnelId: number,
      stepId: number,
      input: { name?: string; ab_percent?: number; ab_geo?: string[]; template_id?: string | number | null },
    ) {
      const step = await findStep(db, accountId, stepId, funnelId);
      const [first] = (await templatePages(db, accountId, refOf(input.template_id, false))) ?? [];
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql`count(*)`.mapWith(Number) })
        .from(pages)
        .where(and(ownedBy(pages, accountId), eq(pages.stepId, step.id)));
      const [row] = await db
        .insert(pages)
        .values({
          accountId,
          funnelId: step.funnelId,
          stepId: step.id,
          name: input.name ?? `${step.name} ${String.fromCharCode(65 + Math.min(count, 25))}`,
          abPercent: input.ab_percent ?? 0,
          abGeo: input.ab_geo ?? [],
          ...contentColumns(first ?? emptyContent()),
        })
        .returning();
      if (!row) throw new Error('page not created');
      await touchFunnel(db, accountId, step.funnelId);
      return pageOut(row);
    },

    /** The editor's save. A `version` that is not the page's current one answers 409. */
    async patchPage(
      accountId: number,
      funnelId: number,
      stepId: number,
      pageId: number,
      input: PatchPageBody['data'],
    ) {
      await findStep(db, accountId, stepId, funnelId);
      const page = await findPage(db, accountId, stepId, pageId);
      // Another account's page is not found before its document is judged.
      const config = input.config ? checkedDocument(input.config) : input.config;
      const expected = input.version ?? page.version;
      const [row] = await db
        .update(pages)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(config !== undefined && { config }),
          ...(input.css !== undefined && { css: input.css }),
          ...(input.html !== undefined && { html: input.html }),
          ...(input.head_js !== undefined && { headJs: input.head_js }),
          ...(input.body_js !== undefined && { bodyJs: input.body_js }),
          ...(input.seo_title !== undefined && { seoTitle: input.seo_title }),
          ...(input.seo_description !== undefined && { seoDescription: input.seo_description }),
          ...(input.seo_keywords !== undefined && { seoKeywords: input.seo_keywords }),
          version: sql`${pages.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(ownedBy(pages, accountId), eq(pages.id, page.id), eq(pages.version, expected)))
        .returning();
      if (!row) {
        throw new HttpError(
          409,
          'This page was changed elsewhere; reload it to see the latest version',
          'version_conflict',
          'data.version',
        );
      }
      await touchFunnel(db, accountId, page.funnelId);
      return pageOut(row);
    },

    /** A step keeps at least one page. */
    async deletePage(accountId: number, funnelId: number, stepId: number, pageId: number) {
      await findStep(db, accountId, stepId, funnelId);
      const page = await findPage(db, accountId, stepId, pageId);
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql`count(*)`.mapWith(Number) })
        .from(pages)
        .where(and(ownedBy(pages, accountId), eq(pages.stepId, stepId)));
      if (count <= 1) throw new HttpError(422, 'A step keeps at least one page', 'last_page');
      await db.delete(pages).where(and(ownedBy(pages, accountId), eq(pages.id, page.id)));
      await touchFunnel(db, accountId, page.funnelId);
    },

    /** save-props of a page: name, ab_percent and ab_geo on the page, ab_type on its step. */
    async savePageProps(
      accountId: number,
      funnelId: number,
      stepId: number,
      pageId: number,
      input: { name?: string; ab_percent?: number; ab_type?: 'percent' | 'geo' | null; ab_geo?: string[] },
    ) {
      const step = await findStep(db, accountId, stepId, funnelId);
      const page = await findPage(db, accountId, stepId, pageId);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(pages)
          .set({
            ...(input.name !== undefined && { name: input.name }),
            ...(input.ab_percent !== undefined && { abPercent: input.ab_percent }),
            ...(input.ab_geo !== undefined && { abGeo: input.ab_geo }),
            updatedAt: new Date(),
          })
          .where(and(ownedBy(pages, accountId), eq(pages.id, page.id)))
          .returning();
        if (input.ab_type !== undefined) {
          await tx
            .update(steps)
            .set({ abType: input.ab_type, updatedAt: new Date() })
            .where(and(ownedBy(steps, accountId), eq(steps.id, step.id)));
        }
        await touchFunnel(tx, accountId, step.funnelId);
        return updated;
      });
      if (!row) throw notFound('Page');
      return pageOut(row);
    },

    /**
     * Applies a saved template's first page to a page. "if there is no config or a clear flag is set,
     * the document resets to empty with default page settings" (and the page's code is emptied).
     */
    async applyTemplate(
      accountId: number,
      funnelId: number,
      stepId: number,
      pageId: number,
      input: { template_id?: string | number | null; clear: boolean },
    ) {
      await findStep(db, accountId, stepId, funnelId);
      const page = await findPage(db, accountId, stepId, pageId);
      const [first] = (await templatePages(db, accountId, refOf(input.template_id, false))) ?? [];
      // "if there is no config or a clear flag is set, the document resets to empty with default page settings"
      const applied = applyTemplate(emptyDocument('page'), {
        type: 'applyTemplate',
        config: first?.config,
        clear: input.clear,
      });
      if (!applied.ok)
        throw new HttpError(422, CORRUPT_DOCUMENT_MESSAGE, 'corrupt_document', 'data.template_id');
      const config = applied.document as unknown as Record<string, unknown>;
      const content: PageContent =
        input.clear || !first ? { ...emptyContent(), config } : { ...first, config };
      const [row] = await db
        .update(pages)
        .set({ ...contentColumns(content), version: sql`${pages.version} + 1`, updatedAt: new Date() })
        .where(and(ownedBy(pages, accountId), eq(pages.id, page.id)))
        .returning();
      if (!row) throw notFound('Page');
      await touchFunnel(db, accountId, page.funnelId);
      return pageOut(row);
    },

    /* Saved (user) templates */

    listTemplates,

    /** Saves a step and its pages as a template of the account ('U.<id>'). */
    async saveTemplate(
      accountId: number,
      userId: number,
      input: { step_id: number; name: string; description?: string; tags?: string },
    ) {
      const step = await findStep(db, accountId, input.step_id);
      const stepPages: PageRow[] = await db
        .select()
        .from(pages)
        .where(and(ownedBy(pages, accountId), eq(pages.stepId, step.id)))
        .orderBy(asc(pages.id));
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
          pages: stepPages.map((p) => ({
            name: p.name,
            config: p.config ?? null,
            css: p.css,
            html: p.html,
            head_js: p.headJs,
            body_js: p.bodyJs,
            seo_title: p.seoTitle,
            seo_description: p.seoDescription,
            seo_keywords: p.seoKeywords,
          })),
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

export type StepsService = ReturnType<typeof createStepsService>;
