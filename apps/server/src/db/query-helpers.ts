import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The account scope of a query on a merchant-owned table. Refuses a missing account id at run time
 * too: a Drizzle condition that is `undefined` would be dropped silently and widen the query.
 */
export function ownedBy(table: { accountId: PgColumn }, accountId: number): SQL {
  assertAccountId(accountId);
  return eq(table.accountId, accountId);
}

/** Refuses what cannot be an account id (the check `ownedBy` makes, for statements built once). */
export function assertAccountId(accountId: number) {
  if (!Number.isSafeInteger(accountId) || accountId <= 0) throw new Error('query without an account scope');
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
