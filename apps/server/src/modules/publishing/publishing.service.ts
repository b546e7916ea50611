import {
  blockChanges,
  combinedPublishStatus,
  type FunnelPublishState,
  type PagePublishState,
  type PageVersion,
  type PageVersionDetail,
  pagePublishStatus,
  VERSIONS_KEPT,
} from '@funnelwork/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import {
  funnels,
  type PageVersionContent,
  pages,
  pageVersions,
  steps,
  users,
} from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { type FunnelRow, findFunnel, touchFunnel } from '../funnels/funnels.queries.ts';
import { findPage, findStep, type PageRow, pageContentOut, pageOut } from '../steps/steps.queries.ts';
import { contentColumns } from '../steps/steps.templates.ts';

const SUB_FUNNEL_FOLLOWS_MAIN = 'A geo-funnel is published and unpublished with its main funnel';

export const pageStateOut = (row: PageRow): PagePublishState => ({
  page_id: row.id,
  status: pagePublishStatus({
    version: row.version,
    published_revision: row.publishedRevision,
    published_version_id: row.publishedVersionId,
  }),
  published_version_id: row.publishedVersionId,
  published_revision: row.publishedRevision,
  version: row.version,
});

/** The main funnel whose live switch a funnel follows: itself, or a geo-funnel's main funnel. */
async function mainFunnelOf(db: Db, accountId: number, funnel: FunnelRow): Promise<FunnelRow> {
  if (!funnel.isSubFunnel || funnel.funnelGroupId === null) return funnel;
  return findFunnel(db, accountId, funnel.funnelGroupId).catch(() => funnel);
}

/** The funnels a whole-funnel publish covers: the funnel and its geo-funnels. */
async function funnelFamily(db: Db, accountId: number, main: FunnelRow): Promise<number[]> {
  const rows = await db
    .select({ id: funnels.id })
    .from(funnels)
    .where(
      and(
        ownedBy(funnels, accountId),
        isNull(funnels.deletedAt),
        or(eq(funnels.id, main.id), and(eq(funnels.isSubFunnel, true), eq(funnels.funnelGroupId, main.id))),
      ),
    );
  return rows.map((r) => r.id);
}

/** The live pages of the account's funnels (those of deleted steps left out). */
async function livePagesOf(db: Db, accountId: number, funnelIds: number[]): Promise<PageRow[]> {
  if (funnelIds.length === 0) return [];
  const rows = await db
    .select({ page: pages })
    .from(pages)
    .innerJoin(steps, and(eq(steps.id, pages.stepId), eq(steps.accountId, pages.accountId)))
    .where(and(ownedBy(pages, accountId), inArray(pages.funnelId, funnelIds), isNull(steps.deletedAt)))
    .orderBy(asc(steps.orderIndex), asc(steps.id), asc(pages.id));
  return rows.map((r) => r.page);
}

/**
 * Publishes pages: each page whose draft is not what shoppers get gets a new version of its draft and
 * serves it; versions beyond the newest VERSIONS_KEPT are pruned. Runs in the caller's transaction.
 */
async function publishPages(
  tx: Db,
  accountId: number,
  userId: number | null,
  pageIds: number[],
  note: string,
): Promise<void> {
  if (pageIds.length === 0) return;
  // Locked, so a save racing the publish either lands before (and is published) or after (and is a change).
  const rows = await tx
    .select()
    .from(pages)
    .where(and(ownedBy(pages, accountId), inArray(pages.id, pageIds)))
    .orderBy(asc(pages.id))
    .for('update');
  for (const row of rows) {
    if (pageStateOut(row).status === 'published') continue;
    const content: PageVersionContent = pageContentOut(row);
    const [version] = await tx
      .insert(pageVersions)
      .values({ accountId, pageId: row.id, userId, note, content })
      .returning({ id: pageVersions.id });
    if (!version) throw new Error('version not stored');
    await tx
      .update(pages)
      .set({ publishedVersionId: version.id, publishedRevision: row.version })
      .where(and(ownedBy(pages, accountId), eq(pages.id, row.id)));
    await tx.execute(sql`
      delete from page_versions where account_id = ${accountId} and page_id = ${row.id} and id not in (
        select id from page_versions where account_id = ${accountId} and page_id = ${row.id}
        order by id desc limit ${VERSIONS_KEPT})`);
  }
}

async function setLive(tx: Db, accountId: number, funnelId: number, live: boolean) {
  await tx
    .update(funnels)
    .set({ publishedAt: live ? sql`coalesce(${funnels.publishedAt}, now())` : null, updatedAt: new Date() })
    .where(and(ownedBy(funnels, accountId), eq(funnels.id, funnelId)));
}

/** Draft and publish of pages, steps and funnels, and the pages' version history (docs/decisions.md). */
export function createPublishingService({ db }: { db: Db }) {
  async function funnelState(accountId: number, funnelId: number): Promise<FunnelPublishState> {
    const funnel = await findFunnel(db, accountId, funnelId);
    const main = await mainFunnelOf(db, accountId, funnel);
    const states = (await livePagesOf(db, accountId, [funnel.id])).map(pageStateOut);
    return {
      funnel_id: funnel.id,
      live: main.publishedAt !== null,
      published_at: iso(main.publishedAt),
      status: combinedPublishStatus(
        states.map((s) => s.status),
        main.publishedAt !== null,
      ),
      pages: states,
    };
  }

  /** Makes pages of one funnel live: they are published and the funnel (its main funnel) goes live. */
  async function publishInFunnel(
    accountId: number,
    userId: number | null,
    funnel: FunnelRow,
    pageIds: number[],
    note: string,
  ) {
    const main = await mainFunnelOf(db, accountId, funnel);
    await db.transaction(async (tx) => {
      await publishPages(tx, accountId, userId, pageIds, note);
      await setLive(tx, accountId, main.id, true);
    });
    await touchFunnel(db, accountId, funnel.id);
    return funnelState(accountId, funnel.id);
  }

  return {
    funnelState,

    async publishPage(
      accountId: number,
      userId: number | null,
      ids: { funnelId: number; stepId: number; pageId: number },
      note = '',
    ) {
      const step = await findStep(db, accountId, ids.stepId, ids.funnelId);
      const page = await findPage(db, accountId, step.id, ids.pageId);
      const funnel = await findFunnel(db, accountId, step.funnelId);
      return publishInFunnel(accountId, userId, funnel, [page.id], note);
    },

    async publishStep(accountId: number, userId: number | null, funnelId: number, stepId: number, note = '') {
      const step = await findStep(db, accountId, stepId, funnelId);
      const funnel = await findFunnel(db, accountId, step.funnelId);
      const rows = await db
        .select({ id: pages.id })
        .from(pages)
        .where(and(ownedBy(pages, accountId), eq(pages.stepId, step.id)));
      return publishInFunnel(
        accountId,
        userId,
        funnel,
        rows.map((r) => r.id),
        note,
      );
    },

    /** The whole funnel with its geo-funnels: every page's draft goes live. */
    async publishFunnel(accountId: number, userId: number | null, funnelId: number, note = '') {
      const funnel = await findFunnel(db, accountId, funnelId);
      if (funnel.isSubFunnel) throw new HttpError(422, SUB_FUNNEL_FOLLOWS_MAIN, 'sub_funnel');
      const family = await funnelFamily(db, accountId, funnel);
      const all = await livePagesOf(db, accountId, family);
      return publishInFunnel(
        accountId,
        userId,
        funnel,
        all.map((p) => p.id),
        note,
      );
    },

    /** Shoppers get the 'not available' page at the funnel's addresses; its pages keep what they published. */
    async unpublishFunnel(accountId: number, funnelId: number) {
      const funnel = await findFunnel(db, accountId, funnelId);
      if (funnel.isSubFunnel) throw new HttpError(422, SUB_FUNNEL_FOLLOWS_MAIN, 'sub_funnel');
      await setLive(db, accountId, funnel.id, false);
      return funnelState(accountId, funnel.id);
    },

    async listVersions(
      accountId: number,
      ids: { funnelId: number; stepId: number; pageId: number },
    ): Promise<PageVersion[]> {
      await findStep(db, accountId, ids.stepId, ids.funnelId);
      const page = await findPage(db, accountId, ids.stepId, ids.pageId);
      const rows = await db
        .select({ version: pageVersions, firstName: users.firstName, lastName: users.lastName })
        .from(pageVersions)
        .leftJoin(users, eq(users.id, pageVersions.userId))
        .where(and(ownedBy(pageVersions, accountId), eq(pageVersions.pageId, page.id)))
        .orderBy(desc(pageVersions.id));
      return rows.map((r) => ({
        id: r.version.id,
        page_id: r.version.pageId,
        note: r.version.note,
        created_at: iso(r.version.createdAt) as string,
        user_id: r.version.userId,
        user_name: [r.firstName ?? '', r.lastName ?? ''].join(' ').trim(),
        live: r.version.id === page.publishedVersionId,
      }));
    },

    async getVersion(
      accountId: number,
      ids: { funnelId: number; stepId: number; pageId: number; versionId: number },
    ): Promise<PageVersionDetail> {
      const list = await this.listVersions(accountId, ids);
      const entry = list.find((v) => v.id === ids.versionId);
      if (!entry) throw notFound('Version');
      const [row] = await db
        .select({ content: pageVersions.content })
        .from(pageVersions)
        .where(and(ownedBy(pageVersions, accountId), eq(pageVersions.id, entry.id)));
      if (!row) throw notFound('Version');
      const page = await findPage(db, accountId, ids.stepId, ids.pageId);
      return { ...entry, content: row.content, changes: blockChanges(row.content.config, page.config) };
    },

    /** The version becomes the page's draft (shoppers keep what is published until the next publish). */
    async restoreVersion(
      accountId: number,
      ids: { funnelId: number; stepId: number; pageId: number; versionId: number },
    ) {
      await findStep(db, accountId, ids.stepId, ids.funnelId);
      const page = await findPage(db, accountId, ids.stepId, ids.pageId);
      const [version] = await db
        .select({ content: pageVersions.content })
        .from(pageVersions)
        .where(
          and(
            ownedBy(pageVersions, accountId),
            eq(pageVersions.pageId, page.id),
            eq(pageVersions.id, ids.versionId),
          ),
        );
      if (!version) throw notFound('Version');
      const [row] = await db
        .update(pages)
        .set({
          ...contentColumns(version.content),
          version: sql`${pages.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(ownedBy(pages, accountId), eq(pages.id, page.id)))
        .returning();
      if (!row) throw notFound('Page');
      await touchFunnel(db, accountId, page.funnelId);
      return pageOut(row);
    },
  };
}

export type PublishingService = ReturnType<typeof createPublishingService>;
