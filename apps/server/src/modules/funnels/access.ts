import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import { forbidden } from '../../plugins/errors.ts';

export type AccountFeature = 'funnels';

/**
 * "Funnel clone, funnel delete and geo-funnel creation are locked when the account lacks the
 * 'funnels' feature": the server answers 403 'restricted area: access denied' as well.
 */
export async function requireFeature(db: Db, accountId: number, feature: AccountFeature): Promise<void> {
  const [account] = await db
    .select({ features: accounts.features })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account?.features?.includes(feature)) throw forbidden();
}
