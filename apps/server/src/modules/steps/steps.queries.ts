import { type Page, type PageBrief, pagePublishStatus, type Step } from '@funnelwork/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { funnels, pages, steps } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';

export type StepRow = typeof steps.$inferSelect;
export type PageRow = typeof pages.$inferSelect;

export const STEP_URL_TAKEN = 'This step URL is already used in the funnel';
export const stepUrlConflict = () => new HttpError(409, STEP_URL_TAKEN, 'path_taken', 'data.url');

export function pageBriefOut(row: PageRow): PageBrief {
  return {
    id: row.id,
    name: row.name,
    ab_percent: row.abPercent,
    ab_geo: row.abGeo,
    ab_state: row.abState,
    funnel_id: row.funnelId,
    step_id: row.stepId,
    version: row.version,
    updated_at: iso(row.updatedAt),
    publish_status: pagePublishStatus({
      version: row.version,
      published_revision: row.publishedRevision,
      published_version_id: row.publishedVersionId,
    }),
    published_revision: row.publishedRevision,
  };
}

/** A page's content (the editor's document and code), as the API and saved templates hold it. */
export function pageContentOut(row: PageRow) {
  return {
    config: row.config ?? null,
    css: row.css,
    html: row.html,
    head_js: row.headJs,
    body_js: row.bodyJs,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    seo_keywords: row.seoKeywords,
  };
}

export function pageOut(row: PageRow): Page {
  return { ...pageBriefOut(row), ...pageContentOut(row) };
}

export function stepOut(row: StepRow, stepPages: PageRow[]): Step {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    url2: row.url2,
    step_type: row.stepType,
    funnel_id: row.funnelId,
    user_id: row.userId,
    ob: row.ob,
    order_index: row.orderIndex,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    deleted_at: iso(row.deletedAt),
    thumbnail_hash: row.thumbnailHash,
    ab_type: row.abType,
    pages: stepPages.map(pageBriefOut),
  };
}

/** A live step of a live funnel of the account (of `funnelId` when given); 404 otherwise. */
export async function findStep(
  db: Db,
  accountId: number,
  stepId: number,
  funnelId?: number,
): Promise<StepRow> {
  const [row] = await db
    .select({ step: steps })
    .from(steps)
    .innerJoin(funnels, and(eq(funnels.id, steps.funnelId), eq(funnels.accountId, steps.accountId)))
    .where(
      and(
        ownedBy(steps, accountId),
        eq(steps.id, stepId),
        isNull(steps.deletedAt),
        isNull(funnels.deletedAt),
        funnelId !== undefined ? eq(steps.funnelId, funnelId) : undefined,
      ),
    );
  if (!row) throw notFound('Step');
  return row.step;
}

/** A page of the account's step; 404 otherwise. */
export async function findPage(db: Db, accountId: number, stepId: number, pageId: number): Promise<PageRow> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(ownedBy(pages, accountId), eq(pages.stepId, stepId), eq(pages.id, pageId)));
  if (!row) throw notFound('Page');
  return row;
}

export async function pagesOfSteps(db: Db, accountId: number, stepIds: number[]) {
  if (stepIds.length === 0) return new Map<number, PageRow[]>();
  const rows = await db
    .select()
    .from(pages)
    .where(and(ownedBy(pages, accountId), inArray(pages.stepId, stepIds)))
    .orderBy(asc(pages.id));
  const byStep = new Map<number, PageRow[]>();
  for (const row of rows) byStep.set(row.stepId, [...(byStep.get(row.stepId) ?? []), row]);
  return byStep;
}

/** The funnel's live steps in their order, with their pages. */
export async function listSteps(db: Db, accountId: number, funnelId: number): Promise<Step[]> {
  const rows = await db
    .select()
    .from(steps)
    .where(and(ownedBy(steps, accountId), eq(steps.funnelId, funnelId), isNull(steps.deletedAt)))
    .orderBy(asc(steps.orderIndex), asc(steps.id));
  const byStep = await pagesOfSteps(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => stepOut(row, byStep.get(row.id) ?? []));
}

export async function loadStep(db: Db, accountId: number, stepId: number): Promise<Step> {
  const [row] = await db
    .select()
    .from(steps)
    .where(and(ownedBy(steps, accountId), eq(steps.id, stepId)));
  if (!row) throw notFound('Step');
  const byStep = await pagesOfSteps(db, accountId, [row.id]);
  return stepOut(row, byStep.get(row.id) ?? []);
}

export async function liveStepCount(db: Db, accountId: number, funnelId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql`count(*)`.mapWith(Number) })
    .from(steps)
    .where(and(ownedBy(steps, accountId), eq(steps.funnelId, funnelId), isNull(steps.deletedAt)));
  return row?.count ?? 0;
}

/** The live step URLs of a funnel (lower-cased), for picking a free one. */
export async function liveStepUrls(db: Db, accountId: number, funnelId: number, exceptStepId?: number) {
  const rows = await db
    .select({ url: steps.url })
    .from(steps)
    .where(
      and(
        ownedBy(steps, accountId),
        eq(steps.funnelId, funnelId),
        isNull(steps.deletedAt),
        exceptStepId !== undefined ? sql`${steps.id} <> ${exceptStepId}` : undefined,
      ),
    );
  return rows.map((r) => r.url.toLowerCase());
}
