import { type StepGap, type StepPageFacts, stepGap } from '@funnelwork/blocks';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';

type FactRow = {
  step_id: string | number;
  step_type: number;
  blocks: string | number | null;
  product_ids: unknown;
};

const positiveIds = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v) && v > 0) : [];

/**
 * Why each live step of the account (of one funnel, when given) cannot serve a shopper, or null
 * (`stepGap`), as published: a page never published is no page for shoppers. Read in SQL: a page's block count and the product ids its document names, not the
 * documents themselves, so the published routing can hold it for every step.
 */
export async function stepGapsOf(
  db: Db,
  accountId: number,
  funnelId: number | null = null,
): Promise<Map<number, StepGap | null>> {
  const rows = rowsOf<FactRow>(
    await db.execute(sql`
      select s.id as step_id, s.step_type,
        (select count(*) from jsonb_object_keys(
          case when jsonb_typeof(v.content -> 'config' -> 'children') = 'object'
            then v.content -> 'config' -> 'children' else '{}'::jsonb end
        )) as blocks,
        jsonb_path_query_array(coalesce(v.content -> 'config', '{}'::jsonb), 'lax $.**.productId') as product_ids
      from steps s
        left join pages p on p.step_id = s.id and p.account_id = s.account_id and p.published_version_id is not null
        left join page_versions v on v.id = p.published_version_id and v.account_id = p.account_id
      where s.account_id = ${accountId} and s.deleted_at is null
        ${funnelId === null ? sql`` : sql`and s.funnel_id = ${funnelId}`}`),
  );
  const byStep = new Map<number, { stepType: number; pages: StepPageFacts[] }>();
  const named = new Set<number>();
  for (const row of rows) {
    const stepId = Number(row.step_id);
    const entry = byStep.get(stepId) ?? { stepType: Number(row.step_type), pages: [] };
    const productIds = positiveIds(row.product_ids);
    for (const id of productIds) named.add(id);
    if (row.blocks !== null) entry.pages.push({ blocks: Number(row.blocks), productIds });
    byStep.set(stepId, entry);
  }
  const owned = rowsOf<{ id: string | number; step_id: string | number | null }>(
    await db.execute(sql`
      select id, step_id from products where account_id = ${accountId} and (
        step_id in (select id from steps where account_id = ${accountId} and deleted_at is null
          ${funnelId === null ? sql`` : sql`and funnel_id = ${funnelId}`})
        ${named.size > 0 ? sql`or id in (${sql.join([...named], sql`, `)})` : sql``})`),
  );
  const existing = new Set(owned.map((row) => Number(row.id)));
  const withProducts = new Set(owned.filter((row) => row.step_id !== null).map((row) => Number(row.step_id)));
  const gaps = new Map<number, StepGap | null>();
  for (const [stepId, { stepType, pages }] of byStep) {
    gaps.set(
      stepId,
      stepGap(stepType, pages, {
        stepHasProducts: withProducts.has(stepId),
        exists: (id) => existing.has(id),
      }),
    );
  }
  return gaps;
}
