import { randomBytes } from 'node:crypto';
import type { ClonedFunnel } from '@funnelwork/domain';
import { cloneName, funnelPathFromName } from '@funnelwork/domain/rules';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, ownedBy } from '../../db/query-helpers.ts';
import { funnelFolders, funnels, steps } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { copyFunnel } from '../funnels/funnel-copy.ts';
import { type FunnelRow, findFunnel, freeFunnelPath } from '../funnels/funnels.queries.ts';

type Deps = { db: Db; config: Config };

export const SHARED_FUNNEL_NOT_FOUND = 'Shared funnel not found';

/**
 * Sharing a funnel by code. The owner stores a share code on the funnel; anyone signed in who has the
 * funnel id and the code can read its name and clone it into their selected account.
 */
export function createSharingService({ db, config }: Deps) {
  /**
   * The one read across accounts: a live main funnel by id whose share code matches. A wrong id or
   * code, or a funnel no longer shared, all answer the same 404.
   */
  async function findShared(funnelId: number, code: string): Promise<FunnelRow> {
    const [row] = await db
      .select()
      .from(funnels)
      .where(
        and(
          eq(funnels.id, funnelId),
          eq(funnels.shareCode, code),
          isNull(funnels.deletedAt),
          eq(funnels.isSubFunnel, false),
        ),
      );
    if (!row) throw new HttpError(404, SHARED_FUNNEL_NOT_FOUND, 'not_found');
    return row;
  }

  const shareUrl = (funnelId: number, code: string) =>
    `${config.publicUrl}/share?funnel=${funnelId}&code=${encodeURIComponent(code)}`;

  return {
    /** Stores the share code (a new random one when none is given) and answers the share link. */
    async share(accountId: number, funnelId: number, code?: string) {
      const funnel = await findFunnel(db, accountId, funnelId);
      const shareCode = code ?? randomBytes(12).toString('base64url');
      await db
        .update(funnels)
        .set({ shareCode })
        .where(and(ownedBy(funnels, accountId), eq(funnels.id, funnel.id)));
      return { funnel_id: funnel.id, share_code: shareCode, share_url: shareUrl(funnel.id, shareCode) };
    },

    /** Stops sharing: the old link no longer works. */
    async unshare(accountId: number, funnelId: number) {
      const funnel = await findFunnel(db, accountId, funnelId);
      await db
        .update(funnels)
        .set({ shareCode: null })
        .where(and(ownedBy(funnels, accountId), eq(funnels.id, funnel.id)));
    },

    /** What the share screen shows before cloning. */
    async preview(funnelId: number, code: string) {
      const funnel = await findShared(funnelId, code);
      const count = sql`count(*)`.mapWith(Number);
      const [stepsCount] = await db
        .select({ count })
        .from(steps)
        .where(and(ownedBy(steps, funnel.accountId), eq(steps.funnelId, funnel.id), isNull(steps.deletedAt)));
      const [geoCount] = await db
        .select({ count })
        .from(funnels)
        .where(
          and(
            ownedBy(funnels, funnel.accountId),
            eq(funnels.funnelGroupId, funnel.id),
            eq(funnels.isSubFunnel, true),
            isNull(funnels.deletedAt),
          ),
        );
      return {
        funnel_id: funnel.id,
        name: funnel.name,
        funnel_type: funnel.funnelType === 1 ? (1 as const) : (0 as const),
        steps_count: stepsCount?.count ?? 0,
        geo_funnels_count: geoCount?.count ?? 0,
      };
    },

    /**
     * Clones a shared funnel into the caller's account (steps, pages, products; its geo-funnels too
     * when asked), all in one transaction, into the folder given.
     */
    async clone(
      accountId: number,
      userId: number,
      input: { funnel: number; code: string; name?: string; cloneGeoFunnels: boolean; folderId?: number },
    ): Promise<ClonedFunnel> {
      const source = await findShared(input.funnel, input.code);
      if (input.folderId !== undefined) {
        const [folder] = await db
          .select({ id: funnelFolders.id })
          .from(funnelFolders)
          .where(and(ownedBy(funnelFolders, accountId), eq(funnelFolders.id, input.folderId)));
        if (!folder) throw notFound('Folder');
      }
      const geoSources = input.cloneGeoFunnels
        ? await db
            .select()
            .from(funnels)
            .where(
              and(
                ownedBy(funnels, source.accountId),
                eq(funnels.funnelGroupId, source.id),
                eq(funnels.isSubFunnel, true),
                isNull(funnels.deletedAt),
              ),
            )
            .orderBy(asc(funnels.id))
        : [];
      const name = input.name?.trim() || cloneName(source.name);
      const path = await freeFunnelPath(db, accountId, funnelPathFromName(name));
      const folderId = input.folderId ?? null;
      try {
        const copy = await db.transaction(async (tx) => {
          const main = await copyFunnel(tx, {
            source,
            accountId,
            userId,
            funnel: {
              name,
              path,
              isSubFunnel: false,
              funnelGroupId: null,
              folderId,
              domainId: null,
              abGeo: source.abGeo,
            },
            steps: true,
            products: true,
          });
          if (geoSources.length > 0) {
            await tx
              .update(funnels)
              .set({ funnelGroupId: main.id })
              .where(and(ownedBy(funnels, accountId), eq(funnels.id, main.id)));
            for (const geo of geoSources) {
              await copyFunnel(tx, {
                source: geo,
                accountId,
                userId,
                funnel: {
                  name: geo.name,
                  path,
                  isSubFunnel: true,
                  funnelGroupId: main.id,
                  folderId,
                  domainId: null,
                  abGeo: geo.abGeo,
                },
                steps: true,
                products: true,
              });
            }
          }
          return main;
        });
        return { id: copy.id, funnel_type: copy.funnelType === 1 ? 1 : 0 };
      } catch (error) {
        if (isUniqueViolation(error, 'funnels_account_path_idx')) {
          throw new HttpError(409, 'A funnel with this path was just created; try again', 'path_taken');
        }
        throw error;
      }
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
