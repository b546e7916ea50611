import type { Funnel } from '@funnelwork/domain';
import { SECOND_KIND_FUNNEL } from '@funnelwork/domain/rules';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { domains, funnels } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { copyFunnel } from '../funnels/funnel-copy.ts';
import { findFunnel, funnelOut, loadFunnel } from '../funnels/funnels.queries.ts';

type Deps = { db: Db };

export const GEO_NEEDS_SECOND_KIND = 'Geo-funnels are made from funnels of the second kind';

/**
 * Geo-funnels: A/B variants of a second-kind funnel. The main funnel's id is the group id
 * (funnel_group_id) of itself and of every geo-funnel split from it; geo-funnels share its path and
 * are told apart by their ab_geo countries.
 */
export function createGeoFunnelsService({ db }: Deps) {
  async function subFunnels(accountId: number, groupId?: number): Promise<Funnel[]> {
    const rows = await db
      .select({ funnel: funnels, domainName: domains.name })
      .from(funnels)
      .leftJoin(domains, and(eq(domains.id, funnels.domainId), eq(domains.accountId, funnels.accountId)))
      .where(
        and(
          ownedBy(funnels, accountId),
          eq(funnels.isSubFunnel, true),
          isNull(funnels.deletedAt),
          groupId !== undefined ? eq(funnels.funnelGroupId, groupId) : undefined,
        ),
      )
      .orderBy(asc(funnels.id));
    return rows.map((r) => funnelOut(r.funnel, r.domainName));
  }

  return {
    /** All geo-funnels of the account, or of one group. */
    list: (accountId: number, groupId?: number) => subFunnels(accountId, groupId),

    /** The geo-funnels of a funnel's group (the funnel may be the main one or one of them). */
    async ofFunnel(accountId: number, funnelId: number) {
      const funnel = await findFunnel(db, accountId, funnelId);
      const groupId = funnel.isSubFunnel ? funnel.funnelGroupId : funnel.id;
      return groupId === null ? [] : subFunnels(accountId, groupId);
    },

    /**
     * POST wfunnels/{id}/ab-split: a new geo-funnel, a deep copy of the funnel (steps, pages,
     * products) in the main funnel's group, in one transaction. Splitting a geo-funnel copies it into
     * the same group.
     */
    async split(
      accountId: number,
      userId: number,
      funnelId: number,
      input: { name?: string; ab_geo?: string[] },
    ) {
      const source = await findFunnel(db, accountId, funnelId);
      if (source.funnelType !== SECOND_KIND_FUNNEL)
        throw new HttpError(422, GEO_NEEDS_SECOND_KIND, 'unprocessable');
      const main =
        source.isSubFunnel && source.funnelGroupId !== null
          ? await findFunnel(db, accountId, source.funnelGroupId)
          : source;
      const existing = await subFunnels(accountId, main.id);
      const copy = await db.transaction(async (tx) => {
        if (main.funnelGroupId !== main.id) {
          await tx
            .update(funnels)
            .set({ funnelGroupId: main.id })
            .where(and(ownedBy(funnels, accountId), eq(funnels.id, main.id)));
        }
        return copyFunnel(tx, {
          source,
          accountId,
          userId,
          funnel: {
            name: input.name?.trim() || `${main.name} - Geo ${existing.length + 1}`,
            path: main.path,
            isSubFunnel: true,
            funnelGroupId: main.id,
            folderId: main.folderId,
            domainId: main.domainId,
            abGeo: input.ab_geo ?? [],
          },
          steps: true,
          products: true,
        });
      });
      return loadFunnel(db, accountId, copy.id);
    },
  };
}

export type GeoFunnelsService = ReturnType<typeof createGeoFunnelsService>;
