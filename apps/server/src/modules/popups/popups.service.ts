import { emptyDocument } from '@funnelwork/blocks';
import type { Popup } from '@funnelwork/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { popups } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { funnelScopedQueries } from '../funnels/funnel-scoped.ts';
import { findFunnel } from '../funnels/funnels.queries.ts';
import { checkedDocument } from '../steps/page-documents.ts';

type Row = typeof popups.$inferSelect;

const popupOut = (row: Row): Popup => ({
  id: row.id,
  funnel_id: row.funnelId,
  name: row.name,
  config: row.config,
  version: row.version,
  css: row.css,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});
const briefOut = (row: Row) => {
  const { config: _config, css: _css, ...brief } = popupOut(row);
  return brief;
};

/** Popups: page-like documents a show-popup link action opens; per funnel or for the whole account. */
export function createPopupsService({ db }: { db: Db }) {
  const scoped = funnelScopedQueries(db, popups, 'Popup');

  return {
    async list(accountId: number, funnelId?: number) {
      const rows = await scoped.list(accountId, funnelId, [desc(popups.updatedAt), desc(popups.id)]);
      return rows.map(briefOut);
    },

    get: async (accountId: number, id: number) => popupOut(await scoped.find(accountId, id)),

    async create(
      accountId: number,
      input: { name: string; funnel_id?: number | null; config?: Record<string, unknown>; css?: string },
    ) {
      if (input.funnel_id) await findFunnel(db, accountId, input.funnel_id);
      const config = input.config
        ? checkedDocument(input.config)
        : (emptyDocument('page') as unknown as Record<string, unknown>);
      const [row] = await db
        .insert(popups)
        .values({
          accountId,
          funnelId: input.funnel_id ?? null,
          name: input.name,
          config,
          css: input.css ?? '',
        })
        .returning();
      return popupOut(row as Row);
    },

    /** The popup editor's save: a `version` other than the current one answers 409. */
    async patch(
      accountId: number,
      id: number,
      input: { name?: string; config?: Record<string, unknown>; css?: string; version?: number },
    ) {
      const current = await scoped.find(accountId, id);
      const config = input.config ? checkedDocument(input.config) : undefined;
      const expected = input.version ?? current.version;
      const [row] = await db
        .update(popups)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(config !== undefined && { config }),
          ...(input.css !== undefined && { css: input.css }),
          version: sql`${popups.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(ownedBy(popups, accountId), eq(popups.id, id), eq(popups.version, expected)))
        .returning();
      if (!row) {
        throw new HttpError(
          409,
          'This popup was changed elsewhere; reload it to see the latest version',
          'version_conflict',
          'data.version',
        );
      }
      return popupOut(row);
    },

    remove: (accountId: number, id: number) => scoped.remove(accountId, id),

    /** A copy with the same document and a new id; named '{name} - [clone]' unless a name is given. */
    async clone(accountId: number, id: number, name?: string) {
      const source = await scoped.find(accountId, id);
      const [row] = await db
        .insert(popups)
        .values({
          accountId,
          funnelId: source.funnelId,
          name: name ?? `${source.name} - [clone]`,
          config: source.config,
          css: source.css,
        })
        .returning();
      return popupOut(row as Row);
    },
  };
}

export type PopupsService = ReturnType<typeof createPopupsService>;
