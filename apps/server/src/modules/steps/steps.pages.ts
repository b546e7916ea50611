import { applyTemplate, CORRUPT_DOCUMENT_MESSAGE, emptyDocument } from '@funnelwork/blocks';
import type { PatchPageBody } from '@funnelwork/domain';
import {
  LAST_RUNNING_VARIANT_MESSAGE,
  rebalanceShares,
  SHARES_SUM_MESSAGE,
  WINNER_UNPUBLISHED_MESSAGE,
} from '@funnelwork/domain/rules';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { pages, steps } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { touchFunnel } from '../funnels/funnels.queries.ts';
import { checkedDocument, readableDocument } from './page-documents.ts';
import { findPage, findStep, loadStep, pageContentOut, pageOut } from './steps.queries.ts';
import { contentColumns, emptyContent, type PageContent, refOf, templatePages } from './steps.templates.ts';

/** How many pages (split-test variants) a step has. */
async function pageCount(db: Db, accountId: number, stepId: number) {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql`count(*)`.mapWith(Number) })
    .from(pages)
    .where(and(ownedBy(pages, accountId), eq(pages.stepId, stepId)));
  return count;
}

/** The step's running variants (ab_state 'active'), oldest first. */
function runningPages(db: Db, accountId: number, stepId: number) {
  return db
    .select({ id: pages.id, ab_percent: pages.abPercent })
    .from(pages)
    .where(and(ownedBy(pages, accountId), eq(pages.stepId, stepId), eq(pages.abState, 'active')))
    .orderBy(asc(pages.id));
}

/** Writes shares by page id (the rest of the step's pages keep theirs). */
async function writeShares(db: Db, accountId: number, shares: Map<number, number>) {
  for (const [id, abPercent] of shares)
    await db
      .update(pages)
      .set({ abPercent, updatedAt: new Date() })
      .where(and(ownedBy(pages, accountId), eq(pages.id, id)));
}

/**
 * A running page's share set to `percent`: the step's other running pages fill the rest in proportion
 * (rebalanceShares), so the running shares always add up to 100 (docs/decisions/funnels-and-editor.md).
 */
async function shareWith(db: Db, accountId: number, stepId: number, pageId: number, percent: number) {
  const others = (await runningPages(db, accountId, stepId)).filter((p) => p.id !== pageId);
  if (others.length === 0) percent = 100;
  await writeShares(db, accountId, new Map([[pageId, percent], ...rebalanceShares(others, percent)]));
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

    /**
     * A new page (A/B variant) of a step: a duplicate of one of its pages (`source_page_id`, its draft),
     * a saved or built-in template, or empty. It runs at `ab_percent` (0 by default) and the step's other
     * running pages share the rest in proportion.
     */
    async createPage(
      accountId: number,
      funnelId: number,
      stepId: number,
      input: {
        name?: string | undefined;
        ab_percent?: number | undefined;
        ab_geo?: string[] | undefined;
        template_id?: string | number | null | undefined;
        source_page_id?: number | undefined;
      },
    ) {
      const step = await findStep(db, accountId, stepId, funnelId);
      if (input.source_page_id !== undefined && input.template_id != null)
        throw new HttpError(
          400,
          'Choose a page to duplicate or a template, not both',
          'validation',
          'data.source_page_id',
        );
      const source =
        input.source_page_id === undefined
          ? null
          : await findPage(db, accountId, step.id, input.source_page_id).catch(() => {
              throw new HttpError(404, 'Page not found', 'not_found', 'data.source_page_id');
            });
      const [first] = source
        ? []
        : ((await templatePages(db, accountId, refOf(input.template_id, false))) ?? []);
      const content = source ? pageContentOut(source) : (first ?? emptyContent());
      const count = await pageCount(db, accountId, step.id);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(pages)
          .values({
            accountId,
            funnelId: step.funnelId,
            stepId: step.id,
            name: input.name ?? `${step.name} ${String.fromCharCode(65 + Math.min(count, 25))}`,
            abPercent: input.ab_percent ?? 0,
            abGeo: input.ab_geo ?? [],
            ...contentColumns(content),
          })
          .returning();
        if (!inserted) throw new Error('page not created');
        await shareWith(tx, accountId, step.id, inserted.id, inserted.abPercent);
        await touchFunnel(tx, accountId, step.funnelId);
        return (await findPage(tx, accountId, step.id, inserted.id)) ?? inserted;
      });
      return pageOut(row);
    },

    /** The shares of the step's running variants at once: each running page once (the sum is the contract's). */
    async setShares(
      accountId: number,
      funnelId: number,
      stepId: number,
      shares: ReadonlyArray<{ page_id: number; ab_percent: number }>,
    ) {
      const step = await findStep(db, accountId, stepId, funnelId);
      const running = await runningPages(db, accountId, step.id);
      const runningIds = new Set(running.map((p) => p.id));
      shares.forEach((share, i) => {
        if (!runningIds.has(share.page_id))
          throw new HttpError(
            422,
            'This page is not a running variant of the step',
            'not_running',
            `data.shares.${i}.page_id`,
          );
      });
      if (shares.length !== running.length)
        throw new HttpError(422, 'Give a share to every running variant', 'validation', 'data.shares');
      if (shares.reduce((sum, s) => sum + s.ab_percent, 0) !== 100)
        throw new HttpError(422, SHARES_SUM_MESSAGE, 'validation', 'data.shares');
      await db.transaction(async (tx) => {
        await writeShares(tx, accountId, new Map(shares.map((s) => [s.page_id, s.ab_percent])));
        await touchFunnel(tx, accountId, step.funnelId);
      });
      return (await loadStep(db, accountId, step.id)).pages;
    },

    /** Pause: the page stops being served (0 %, kept); the other running pages share its part. */
    async pausePage(accountId: number, funnelId: number, stepId: number, pageId: number) {
      const step = await findStep(db, accountId, stepId, funnelId);
      const page = await findPage(db, accountId, step.id, pageId);
      const others = (await runningPages(db, accountId, step.id)).filter((p) => p.id !== page.id);
      if (page.abState === 'active' && others.length === 0)
        throw new HttpError(422, LAST_RUNNING_VARIANT_MESSAGE, 'last_running_variant');
      await db.transaction(async (tx) => {
        await tx
          .update(pages)
          .set({ abState: 'paused', abPercent: 0, updatedAt: new Date() })
          .where(and(ownedBy(pages, accountId), eq(pages.id, page.id)));
        await writeShares(tx, accountId, rebalanceShares(others, 0));
        await touchFunnel(tx, accountId, step.funnelId);
      });
      return (await loadStep(db, accountId, step.id)).pages;
    },

    /** Resume a paused (or retired) page: it runs again at 0 % until the merchant gives it a share. */
    async resumePage(accountId: number, funnelId: number, stepId: number, pageId: number) {
      const step = await findStep(db, accountId, stepId, funnelId);
      const page = await findPage(db, accountId, step.id, pageId);
      await db.transaction(async (tx) => {
        await tx
          .update(pages)
          .set({ abState: 'active', updatedAt: new Date() })
          .where(and(ownedBy(pages, accountId), eq(pages.id, page.id)));
        await shareWith(tx, accountId, step.id, page.id, 0);
        await touchFunnel(tx, accountId, step.funnelId);
      });
      return (await loadStep(db, accountId, step.id)).pages;
    },

    /**
     * Declare a winner: it runs at 100 %; every other page of the step is retired (0 %, kept as the
     * test's history, its numbers still in analytics). Only a published page can win.
     */
    async declareWinner(accountId: number, funnelId: number, stepId: number, pageId: number) {
      const step = await findStep(db, accountId, stepId, funnelId);
      const page = await findPage(db, accountId, step.id, pageId);
      if (page.publishedVersionId === null)
        throw new HttpError(422, WINNER_UNPUBLISHED_MESSAGE, 'not_published', 'page_id');
      await db.transaction(async (tx) => {
        await tx
          .update(pages)
          .set({ abState: 'retired', abPercent: 0, updatedAt: new Date() })
          .where(and(ownedBy(pages, accountId), eq(pages.stepId, step.id), ne(pages.id, page.id)));
        await tx
          .update(pages)
          .set({ abState: 'active', abPercent: 100, updatedAt: new Date() })
          .where(and(ownedBy(pages, accountId), eq(pages.id, page.id)));
        await touchFunnel(tx, accountId, step.funnelId);
      });
      return (await loadStep(db, accountId, step.id)).pages;
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
      const others = (await runningPages(db, accountId, page.stepId)).filter((p) => p.id !== page.id);
      if (page.abState === 'active' && others.length === 0)
        throw new HttpError(422, LAST_RUNNING_VARIANT_MESSAGE, 'last_running_variant');
      await db.transaction(async (tx) => {
        await tx.delete(pages).where(and(ownedBy(pages, accountId), eq(pages.id, page.id)));
        // The running pages that are left share its part.
        if (page.abState === 'active') await writeShares(tx, accountId, rebalanceShares(others, 0));
        await touchFunnel(tx, accountId, page.funnelId);
      });
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
      if (input.ab_percent !== undefined && input.ab_percent > 0 && page.abState !== 'active')
        throw new HttpError(
          422,
          'A paused or retired variant has a 0 % share; resume it first',
          'not_running',
          'data.ab_percent',
        );
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(pages)
          .set({
            ...(input.name !== undefined && { name: input.name }),
            ...(input.ab_geo !== undefined && { abGeo: input.ab_geo }),
            updatedAt: new Date(),
          })
          .where(and(ownedBy(pages, accountId), eq(pages.id, page.id)))
          .returning();
        // One share set: the other running pages fill the rest (the running shares add up to 100).
        if (input.ab_percent !== undefined && page.abState === 'active')
          await shareWith(tx, accountId, step.id, page.id, input.ab_percent);
        if (input.ab_type !== undefined) {
          await tx
            .update(steps)
            .set({ abType: input.ab_type, updatedAt: new Date() })
            .where(and(ownedBy(steps, accountId), eq(steps.id, step.id)));
        }
        await touchFunnel(tx, accountId, step.funnelId);
        return updated ? await findPage(tx, accountId, step.id, page.id) : undefined;
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
