import { CHECKLIST_ITEMS, type Checklist, type ChecklistKey } from '@funnelwork/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { accounts, funnels, orders, steps, userGateways } from '../../db/schema/index.ts';

/** The get-started checklist, computed from what the account has done (nothing is stored). */
export function createOnboardingService({ db }: { db: Db }) {
  const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
  return {
    async checklist(accountId: number): Promise<Checklist> {
      const [account] = await db
        .select({ subdomain: accounts.subdomain })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      const [funnel, gateway, liveStep, sale] = await Promise.all([
        exists(
          db
            .select({ id: funnels.id })
            .from(funnels)
            .where(and(ownedBy(funnels, accountId), isNull(funnels.deletedAt)))
            .limit(1),
        ),
        exists(
          db
            .select({ id: userGateways.id })
            .from(userGateways)
            .where(and(ownedBy(userGateways, accountId), eq(userGateways.active, true)))
            .limit(1),
        ),
        // Published: a live step of a live funnel, on the account's subdomain.
        account?.subdomain
          ? exists(
              db
                .select({ id: steps.id })
                .from(steps)
                .innerJoin(funnels, and(eq(funnels.id, steps.funnelId), isNull(funnels.deletedAt)))
                .where(and(ownedBy(steps, accountId), isNull(steps.deletedAt)))
                .limit(1),
            )
          : false,
        exists(
          db
            .select({ id: orders.id })
            .from(orders)
            .where(and(ownedBy(orders, accountId), isNull(orders.paymentStatus)))
            .limit(1),
        ),
      ]);
      const done: Record<ChecklistKey, boolean> = {
        'create-funnel': funnel,
        'connect-gateway': gateway,
        publish: liveStep,
        'first-sale': sale,
      };
      const items = CHECKLIST_ITEMS.map((item) => ({ ...item, done: done[item.key] }));
      return { items, done_count: items.filter((item) => item.done).length };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
