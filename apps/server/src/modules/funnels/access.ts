import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/index.ts';
import { forbidden } from '../../plugins/errors.ts';

/**
 * The account scope of a query on a merchant-owned table. Refuses a missing account id at run time
 * too: a Drizzle condition that is `undefined` would be dropped silently and widen the query.
 */
export function ownedBy(table: { accountId: PgColumn }, accountId: number): SQL {
  if (!Number.isSafeInteger(accountId) || accountId <= 0) throw new Error('query without an account scope');
  return eq(table.accountId, accountId);
}

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

/** True when a database error is a unique-index violation (optionally of the named index). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e?.code ?? e?.cause?.code;
  const name = e?.constraint ?? e?.cause?.constraint;
  return code === '23505' && (constraint === undefined || name === constraint);
}

/** ISO text of a timestamp column, whichever driver answered (Date or text). */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** Escapes LIKE wildcards so a search matches the text as typed. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
