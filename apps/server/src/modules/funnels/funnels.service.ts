import type {
  ClonedFunnel,
  CreateFunnelBody,
  Folder,
  FunnelListParams,
  PatchFunnelBody,
  SaveFunnelPropsBody,
} from '@funnelwork/domain';
import { listMeta } from '@funnelwork/domain';
import { cloneName, funnelPathFromName } from '@funnelwork/domain/rules';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, isUniqueViolation, ownedBy } from '../../db/query-helpers.ts';
import { domains, funnelFolders, funnels, steps } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { copyFunnel } from './funnel-copy.ts';
import {
  type FunnelRow,
  findFunnel,
  freeFunnelPath,
  funnelStats,
  listFunnels,
  loadFunnel,
  pathTaken,
} from './funnels.queries.ts';

export const PATH_TAKEN = 'This path is already used by another funnel';
const pathConflict = () => new HttpError(409, PATH_TAKEN, 'path_taken', 'data.path');

type Deps = { db: Db };

export function createFunnelsService({ db }: Deps) {
  async function assertFolder(accountId: number, folderId: number | null | undefined) {
    if (folderId === null || folderId === undefined) return;
    const [folder] = await db
      .select({ id: funnelFolders.id })
      .from(funnelFolders)
      .where(and(ownedBy(funnelFolders, accountId), eq(funnelFolders.id, folderId)));
    if (!folder) throw notFound('Folder');
  }

  async function assertDomain(accountId: number, domainId: number | null | undefined) {
    if (domainId === null || domainId === undefined) return;
    const [domain] = await db
      .select({ id: domains.id })
      .from(domains)
      .where(and(ownedBy(domains, accountId), eq(domains.id, domainId)));
    if (!domain) throw notFound('Domain');
  }

  /** Runs a write that may hit the unique path index, answering 409 for it. */
  async function withPathCheck<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'funnels_account_path_idx')) throw pathConflict();
      throw error;
    }
  }

  async function listFolders(accountId: number): Promise<Folder[]> {
    const rows = await db
      .select({
        folder: funnelFolders,
        funnelsCount:
          sql`(select count(*) from funnels f where f.account_id = "funnel_folders"."account_id" and f.folder_id = "funnel_folders"."id" and f.deleted_at is null and not f.is_sub_funnel)`.mapWith(
            Number,
          ),
      })
      .from(funnelFolders)
      .where(ownedBy(funnelFolders, accountId))
      .orderBy(asc(funnelFolders.name), asc(funnelFolders.id));
    return rows.map(({ folder, funnelsCount }) => ({
      id: folder.id,
      name: folder.name,
      funnels_count: funnelsCount,
      created_at: iso(folder.createdAt),
      updated_at: iso(folder.updatedAt),
    }));
  }

  async function getFolder(accountId: number, folderId: number): Promise<Folder> {
    const found = (await listFolders(accountId)).find((f) => f.id === folderId);
    if (!found) throw notFound('Folder');
    return found;
  }

  return {
    async list(accountId: number, query: FunnelListParams, deleted: boolean) {
      const { items, count } = await listFunnels(db, accountId, {
        deleted,
        query: query.query?.trim() || undefined,
        folderId: query.folder_id,
        funnelType: query.funnel_type === undefined ? undefined : query.funnel_type === '1' ? 1 : 0,
        page: query.page,
        perPage: query.per_page,
      });
      return { data: items, meta: listMeta(count, query.per_page) };
    },

    get: (accountId: number, id: number) => loadFunnel(db, accountId, id),

    async create(accountId: number, input: CreateFunnelBody['data']) {
      await assertFolder(accountId, input.folder_id);
      await assertDomain(accountId, input.domain_id);
      let path: string;
      if (input.path !== undefined) {
        if (await pathTaken(db, accountId, input.path)) throw pathConflict();
        path = input.path;
      } else {
        path = await freeFunnelPath(db, accountId, funnelPathFromName(input.name));
      }
      const [row] = await withPathCheck(() =>
        db
          .insert(funnels)
          .values({
            accountId,
            name: input.name,
            funnelType: input.funnel_type ?? 0,
            currencyCode: input.currency_code ?? null,
            path,
            folderId: input.folder_id ?? null,
            domainId: input.domain_id ?? null,
          })
          .returning({ id: funnels.id }),
      );
      if (!row) throw new Error('funnel not created');
      return loadFunnel(db, accountId, row.id);
    },

    async patch(accountId: number, id: number, input: PatchFunnelBody['data']) {
      const funnel = await findFunnel(db, accountId, id);
      await assertFolder(accountId, input.folder_id);
      await assertDomain(accountId, input.domain_id);
      if (
        input.path !== undefined &&
        !funnel.isSubFunnel &&
        (await pathTaken(db, accountId, input.path, id))
      ) {
        throw pathConflict();
      }
      await withPathCheck(() =>
        db
          .update(funnels)
          .set({
            ...(input.name !== undefined && { name: input.name }),
            ...(input.funnel_type !== undefined && { funnelType: input.funnel_type }),
            ...(input.currency_code !== undefined && { currencyCode: input.currency_code }),
            ...(input.path !== undefined && { path: input.path }),
            ...(input.folder_id !== undefined && { folderId: input.folder_id }),
            ...(input.domain_id !== undefined && { domainId: input.domain_id }),
            ...(input.pinned !== undefined && { pinned: input.pinned }),
            ...(input.ab_geo !== undefined && { abGeo: input.ab_geo }),
            updatedAt: new Date(),
          })
          .where(and(ownedBy(funnels, accountId), eq(funnels.id, id))),
      );
      return loadFunnel(db, accountId, id);
    },

    /** "the pin call toggles pinned": sets it to the `pinned` asked for; the update time stays. */
    async pin(accountId: number, id: number, pinned: boolean) {
      await findFunnel(db, accountId, id);
      await db
        .update(funnels)
        .set({ pinned })
        .where(and(ownedBy(funnels, accountId), eq(funnels.id, id)));
      return loadFunnel(db, accountId, id);
    },

    async saveProps(accountId: number, id: number, input: SaveFunnelPropsBody['data']) {
      await findFunnel(db, accountId, id);
      await db
        .update(funnels)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.ab_geo !== undefined && { abGeo: input.ab_geo }),
          updatedAt: new Date(),
        })
        .where(and(ownedBy(funnels, accountId), eq(funnels.id, id)));
      return loadFunnel(db, accountId, id);
    },

    /** Soft delete; a main funnel takes its live geo-funnels along (restored with it). */
    async remove(accountId: number, id: number) {
      const funnel = await findFunnel(db, accountId, id);
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx
          .update(funnels)
          .set({ deletedAt: now })
          .where(and(ownedBy(funnels, accountId), eq(funnels.id, funnel.id)));
        if (!funnel.isSubFunnel) {
          await tx
            .update(funnels)
            .set({ deletedAt: now })
            .where(
              and(
                ownedBy(funnels, accountId),
                eq(funnels.funnelGroupId, funnel.id),
                eq(funnels.isSubFunnel, true),
                isNull(funnels.deletedAt),
              ),
            );
        }
      });
    },

    /** Brings a deleted funnel back (with the geo-funnels deleted along with it), on a free path. */
    async restore(accountId: number, id: number) {
      const funnel = await findFunnel(db, accountId, id, { includeDeleted: true });
      if (funnel.deletedAt === null) return loadFunnel(db, accountId, id);
      const path = funnel.isSubFunnel ? funnel.path : await freeFunnelPath(db, accountId, funnel.path, id);
      await withPathCheck(() =>
        db.transaction(async (tx) => {
          await tx
            .update(funnels)
            .set({ deletedAt: null, path, updatedAt: new Date() })
            .where(and(ownedBy(funnels, accountId), eq(funnels.id, id)));
          if (!funnel.isSubFunnel && funnel.deletedAt !== null) {
            await tx
              .update(funnels)
              .set({ deletedAt: null })
              .where(
                and(
                  ownedBy(funnels, accountId),
                  eq(funnels.funnelGroupId, id),
                  eq(funnels.isSubFunnel, true),
                  eq(funnels.deletedAt, new Date(funnel.deletedAt)),
                ),
              );
          }
        }),
      );
      return loadFunnel(db, accountId, id);
    },

    /** POST clone-funnels: a deep copy (steps, pages, products as asked) in one transaction. */
    async clone(
      accountId: number,
      userId: number,
      input: { funnel_to_clone: number; new_name?: string; clone_steps: boolean; clone_products: boolean },
    ): Promise<ClonedFunnel> {
      const source = await findFunnel(db, accountId, input.funnel_to_clone);
      const name = input.new_name?.trim() || cloneName(source.name);
      const path = await freeFunnelPath(db, accountId, funnelPathFromName(name));
      const copy: FunnelRow = await withPathCheck(() =>
        db.transaction((tx) =>
          copyFunnel(tx, {
            source,
            accountId,
            userId,
            funnel: {
              name,
              path,
              isSubFunnel: false,
              funnelGroupId: null,
              folderId: source.folderId,
              domainId: source.domainId,
              abGeo: source.abGeo,
            },
            steps: input.clone_steps,
            products: input.clone_products,
          }),
        ),
      );
      return { id: copy.id, funnel_type: copy.funnelType === 1 ? 1 : 0 };
    },

    stats: (accountId: number, filter: { funnelId?: number; start?: string; end?: string }) =>
      funnelStats(db, accountId, filter),

    async allSteps(accountId: number, funnelType?: 0 | 1) {
      const rows = await db
        .select({ step: steps, funnelName: funnels.name, funnelType: funnels.funnelType })
        .from(steps)
        .innerJoin(funnels, and(eq(funnels.id, steps.funnelId), eq(funnels.accountId, steps.accountId)))
        .where(
          and(
            ownedBy(steps, accountId),
            isNull(steps.deletedAt),
            isNull(funnels.deletedAt),
            funnelType !== undefined ? eq(funnels.funnelType, funnelType) : undefined,
          ),
        )
        .orderBy(asc(funnels.id), asc(steps.orderIndex), asc(steps.id));
      return rows.map(({ step, funnelName, funnelType: type }) => ({
        id: step.id,
        name: step.name,
        url: step.url,
        step_type: step.stepType,
        order_index: step.orderIndex,
        funnel_id: step.funnelId,
        funnel_name: funnelName,
        funnel_type: type === 1 ? (1 as const) : (0 as const),
      }));
    },

    listFolders,
    getFolder,

    async createFolder(accountId: number, name: string) {
      const [row] = await db
        .insert(funnelFolders)
        .values({ accountId, name })
        .returning({ id: funnelFolders.id });
      if (!row) throw new Error('folder not created');
      return getFolder(accountId, row.id);
    },

    async renameFolder(accountId: number, folderId: number, name: string) {
      await getFolder(accountId, folderId);
      await db
        .update(funnelFolders)
        .set({ name, updatedAt: new Date() })
        .where(and(ownedBy(funnelFolders, accountId), eq(funnelFolders.id, folderId)));
      return getFolder(accountId, folderId);
    },

    /** Deleting a folder keeps its funnels; they leave the folder. */
    async deleteFolder(accountId: number, folderId: number) {
      await getFolder(accountId, folderId);
      await db
        .delete(funnelFolders)
        .where(and(ownedBy(funnelFolders, accountId), eq(funnelFolders.id, folderId)));
    },

    async addToFolder(accountId: number, folderId: number, funnelId: number) {
      await getFolder(accountId, folderId);
      await findFunnel(db, accountId, funnelId);
      await db
        .update(funnels)
        .set({ folderId })
        .where(and(ownedBy(funnels, accountId), eq(funnels.id, funnelId)));
      return loadFunnel(db, accountId, funnelId);
    },
  };
}

export type FunnelsService = ReturnType<typeof createFunnelsService>;
