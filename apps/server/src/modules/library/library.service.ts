import { isBlockType } from '@funnelwork/blocks';
import type { LibraryItem, LibraryKind } from '@funnelwork/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { libraryGroups, libraryItems } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { checkedDocument } from '../steps/page-documents.ts';

type ItemRow = typeof libraryItems.$inferSelect;

const WHAT: Record<LibraryKind, { item: string; group: string }> = {
  'saved-assets': { item: 'Saved asset', group: 'Saved asset group' },
  compositions: { item: 'Composition', group: 'Composition group' },
};

/**
 * What a saved item holds: an asset is one section, row or block ('section', 'row' or the block
 * type); a composition is a run of sections ('sections'). Either way its config is an editor
 * document holding just that part, so placing it is the editor's template insert.
 */
export function checkNodeType(kind: LibraryKind, nodeType: string) {
  const allowed =
    kind === 'compositions'
      ? nodeType === 'sections'
      : nodeType === 'section' || nodeType === 'row' || isBlockType(nodeType);
  if (!allowed) {
    const expected = kind === 'compositions' ? "'sections'" : "'section', 'row' or a block type";
    throw new HttpError(400, `data.node_type: must be ${expected}`, 'validation_error', 'data.node_type');
  }
}

const itemOut = (row: ItemRow): LibraryItem => ({
  id: row.id,
  group_id: row.groupId,
  name: row.name,
  node_type: row.nodeType,
  config: row.config,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/** Saved assets and compositions, each kind with its own groups, per account. */
export function createLibraryService({ db }: { db: Db }) {
  async function findItem(accountId: number, kind: LibraryKind, id: number) {
    const [row] = await db
      .select()
      .from(libraryItems)
      .where(and(ownedBy(libraryItems, accountId), eq(libraryItems.kind, kind), eq(libraryItems.id, id)));
    if (!row) throw notFound(WHAT[kind].item);
    return row;
  }

  async function findGroup(accountId: number, kind: LibraryKind, id: number) {
    const [row] = await db
      .select()
      .from(libraryGroups)
      .where(and(ownedBy(libraryGroups, accountId), eq(libraryGroups.kind, kind), eq(libraryGroups.id, id)));
    if (!row) throw notFound(WHAT[kind].group);
    return row;
  }

  /** The kind's groups of the account with their item counts, in one statement (all, or the one `id`). */
  async function groupsOf(accountId: number, kind: LibraryKind, id?: number) {
    const rows = await db
      .select({
        id: libraryGroups.id,
        name: libraryGroups.name,
        createdAt: libraryGroups.createdAt,
        n: sql`(select count(*) from library_items i where i.account_id = "library_groups"."account_id" and i.group_id = "library_groups"."id")`.mapWith(
          Number,
        ),
      })
      .from(libraryGroups)
      .where(
        and(
          ownedBy(libraryGroups, accountId),
          eq(libraryGroups.kind, kind),
          id !== undefined ? eq(libraryGroups.id, id) : undefined,
        ),
      )
      .orderBy(libraryGroups.name, libraryGroups.id);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      items_count: row.n,
      created_at: iso(row.createdAt),
    }));
  }

  async function groupOut(accountId: number, kind: LibraryKind, id: number) {
    const [group] = await groupsOf(accountId, kind, id);
    if (!group) throw notFound(WHAT[kind].group);
    return group;
  }

  return {
    async list(accountId: number, kind: LibraryKind, groupId?: number) {
      const rows = await db
        .select()
        .from(libraryItems)
        .where(
          and(
            ownedBy(libraryItems, accountId),
            eq(libraryItems.kind, kind),
            groupId !== undefined ? eq(libraryItems.groupId, groupId) : undefined,
          ),
        )
        .orderBy(desc(libraryItems.updatedAt), desc(libraryItems.id));
      return rows.map(itemOut);
    },

    get: async (accountId: number, kind: LibraryKind, id: number) =>
      itemOut(await findItem(accountId, kind, id)),

    async create(
      accountId: number,
      kind: LibraryKind,
      input: { name: string; group_id?: number | null; node_type: string; config: Record<string, unknown> },
    ) {
      checkNodeType(kind, input.node_type);
      const config = checkedDocument(input.config);
      if (input.group_id) await findGroup(accountId, kind, input.group_id);
      const [row] = await db
        .insert(libraryItems)
        .values({
          accountId,
          kind,
          groupId: input.group_id ?? null,
          name: input.name,
          nodeType: input.node_type,
          config,
        })
        .returning();
      return itemOut(row as ItemRow);
    },

    async patch(
      accountId: number,
      kind: LibraryKind,
      id: number,
      input: { name?: string; group_id?: number | null; config?: Record<string, unknown> },
    ) {
      await findItem(accountId, kind, id);
      const config = input.config ? checkedDocument(input.config) : undefined;
      if (input.group_id) await findGroup(accountId, kind, input.group_id);
      const [row] = await db
        .update(libraryItems)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.group_id !== undefined && { groupId: input.group_id }),
          ...(config !== undefined && { config }),
          updatedAt: new Date(),
        })
        .where(and(ownedBy(libraryItems, accountId), eq(libraryItems.kind, kind), eq(libraryItems.id, id)))
        .returning();
      return itemOut(row as ItemRow);
    },

    async remove(accountId: number, kind: LibraryKind, id: number) {
      await findItem(accountId, kind, id);
      await db
        .delete(libraryItems)
        .where(and(ownedBy(libraryItems, accountId), eq(libraryItems.kind, kind), eq(libraryItems.id, id)));
    },

    listGroups: (accountId: number, kind: LibraryKind) => groupsOf(accountId, kind),

    async createGroup(accountId: number, kind: LibraryKind, name: string) {
      const [row] = await db.insert(libraryGroups).values({ accountId, kind, name }).returning();
      return groupOut(accountId, kind, (row as { id: number }).id);
    },

    async renameGroup(accountId: number, kind: LibraryKind, id: number, name: string) {
      await findGroup(accountId, kind, id);
      await db
        .update(libraryGroups)
        .set({ name })
        .where(and(ownedBy(libraryGroups, accountId), eq(libraryGroups.id, id)));
      return groupOut(accountId, kind, id);
    },

    /** Deleting a group keeps its items, ungrouped. */
    async removeGroup(accountId: number, kind: LibraryKind, id: number) {
      await findGroup(accountId, kind, id);
      await db.transaction(async (tx) => {
        await tx
          .update(libraryItems)
          .set({ groupId: null })
          .where(and(ownedBy(libraryItems, accountId), eq(libraryItems.groupId, id)));
        await tx
          .delete(libraryGroups)
          .where(and(ownedBy(libraryGroups, accountId), eq(libraryGroups.id, id)));
      });
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
