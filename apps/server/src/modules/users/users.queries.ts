import type { Me, MyAccount } from '@funnelwork/domain';
import { PERMISSION_FLAGS, roleLabel } from '@funnelwork/domain/rules';
import { and, eq, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso } from '../../db/query-helpers.ts';
import { accounts, members, optinEvents, orders, pageViewEvents, users } from '../../db/schema/index.ts';

export const ALL_PERMISSIONS = Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, true])) as Record<
  string,
  boolean
>;

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

/** The spec's User / account entity for the token's user and its selected account. */
export async function loadMe(db: Db, userId: number, accountId: number | null): Promise<Me | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const [row] =
    accountId === null
      ? []
      : await db
          .select({ account: accounts, member: members })
          .from(members)
          .innerJoin(accounts, eq(accounts.id, members.accountId))
          .where(and(eq(members.accountId, accountId), eq(members.userId, userId)))
          .limit(1);
  const createdAt = new Date(user.createdAt);
  return {
    id: user.id,
    verified: user.verified,
    onboarding_finished: user.onboardingFinished,
    time_zone: user.timeZone,
    created_at: createdAt.toISOString(),
    created: Math.floor(createdAt.getTime() / 1000),
    account_id: row?.account.id ?? null,
    account_name: row?.account.name ?? null,
    plan_key: row?.account.planKey ?? null,
    plan_expiry_date: iso(row?.account.planExpiryDate ?? null),
    rate_limit: row?.account.rateLimit ?? null,
    subdomain: row?.account.subdomain ?? null,
    default_currency_code: row?.account.defaultCurrencyCode ?? null,
    currency_code: row?.account.defaultCurrencyCode ?? null,
    account_created_at: iso(row?.account.createdAt ?? null),
    data_since: row ? await dataSince(db, row.account.id, row.account.createdAt) : null,
    account_owner: row?.account.ownerUserId === user.id,
    features: row?.account.features ?? [],
    member: { first_name: user.firstName, last_name: user.lastName, email: user.email },
    member_account: row
      ? { id: row.member.id, account_id: row.account.id, permissions: JSON.stringify(row.member.permissions) }
      : null,
  };
}

/**
 * Where the account's data begins: its creation, or an earlier first order, page view or opt-in (imported
 * or seeded history). Each minimum is one step down an (account, created_at) index.
 */
async function dataSince(db: Db, accountId: number, createdAt: Date | string): Promise<string> {
  const [firstOrder, firstView, firstOptin] = await Promise.all([
    db
      .select({ at: min(orders.createdAt) })
      .from(orders)
      .where(and(eq(orders.accountId, accountId), isNull(orders.deletedAt))),
    db
      .select({ at: min(pageViewEvents.createdAt) })
      .from(pageViewEvents)
      .where(eq(pageViewEvents.accountId, accountId)),
    db
      .select({ at: min(optinEvents.createdAt) })
      .from(optinEvents)
      .where(eq(optinEvents.accountId, accountId)),
  ]);
  const times = [createdAt, firstOrder[0]?.at, firstView[0]?.at, firstOptin[0]?.at]
    .filter((at): at is Date | string => at != null)
    .map((at) => new Date(at).getTime());
  return new Date(Math.min(...times)).toISOString();
}

export async function listMyAccounts(db: Db, userId: number): Promise<MyAccount[]> {
  const rows = await db
    .select({ account: accounts, member: members })
    .from(members)
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(eq(members.userId, userId))
    .orderBy(accounts.name, accounts.id);
  return rows.map(({ account, member }) => {
    const permissions = JSON.stringify(member.permissions);
    return {
      id: account.id,
      name: account.name,
      subdomain: account.subdomain,
      owner: account.ownerUserId === userId,
      permissions,
      role: roleLabel({ permissions }),
    };
  });
}
