import { applyTemplate, CORRUPT_DOCUMENT_MESSAGE, emptyDocument } from '@funnelwork/blocks';
import type { PatchPageBody } from '@funnelwork/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { pages, steps } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { touchFunnel } from '../funnels/funnels.queries.ts';
import { checkedDocument, readableDocument } from './page-documents.ts';
import { findPage, findStep, loadStep, pageOut } from './steps.queries.ts';
import { contentColumns, emptyContent, type PageContent, refOf, templatePages } from './steps.templates.ts';

/** How many pages (split-test variants) a step has. */
async function pageCount(db: Db, accountId: number, stepId: number) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql`count(*)`.mapWith(Number) })
    .from(pages)
    .where(and(ownedBy(pages, accountId), eq(pages.stepId, stepId)));
  return count;
}

/** A step's pages: its A/B split-test variants, the editor's save and templates applied to a page. */
export function createStepPages({ db }: { db: Db }) {
  return {
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
      const count = await pageCount(db, accountId, step.id);
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
      const count = await pageCount(db, accountId, stepId);
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
  };
}
