import { randomBytes } from 'node:crypto';
import type { Domain } from '@funnelwork/domain';
import {
  checkDomainName,
  txtRecordsProve,
  verificationRecordName,
  verificationRecordValue,
} from '@funnelwork/domain/rules';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, isUniqueViolation, ownedBy } from '../../db/query-helpers.ts';
import { domains } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import type { TxtLookup } from './dns-verifier.ts';

type Deps = { db: Db; lookupTxt: TxtLookup };
type Row = typeof domains.$inferSelect;

export const DOMAIN_IN_ACCOUNT = 'This domain is already in your account';
export const DOMAIN_ELSEWHERE = 'This domain is connected to another account';
const NOT_FOUND_CODES = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

function domainOut(row: Row, funnelsCount: number): Domain {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    verified: row.verifiedAt !== null,
    verified_at: iso(row.verifiedAt),
    verification: {
      type: 'TXT',
      name: verificationRecordName(row.name),
      value: verificationRecordValue(row.verificationToken),
    },
    last_checked_at: iso(row.lastCheckedAt),
    last_error: row.lastError,
    funnels_count: funnelsCount,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** The domain name as typed, checked and normalised, or a 400 naming the field. */
function validName(input: string): string {
  const check = checkDomainName(input);
  if (!check.valid) throw new HttpError(400, `data.name: ${check.message}`, 'validation_error', 'data.name');
  return check.name;
}

/**
 * Custom domains. Ownership is proven by a TXT record `funnelwork-verify=<token>` at
 * `_funnelwork.<domain>`; a name can wait unverified in several accounts, and the first account to
 * verify it owns it.
 */
export function createDomainsService({ db, lookupTxt }: Deps) {
  const funnelsCount =
    sql`(select count(*) from funnels f where f.account_id = "domains"."account_id" and f.domain_id = "domains"."id" and f.deleted_at is null)`.mapWith(
      Number,
    );

  async function list(accountId: number, id?: number): Promise<Domain[]> {
    const rows = await db
      .select({ domain: domains, funnelsCount })
      .from(domains)
      .where(and(ownedBy(domains, accountId), id !== undefined ? eq(domains.id, id) : undefined))
      .orderBy(asc(domains.name), asc(domains.id));
    return rows.map((r) => domainOut(r.domain, r.funnelsCount));
  }

  async function get(accountId: number, id: number): Promise<Domain> {
    const [found] = await list(accountId, id);
    if (!found) throw notFound('Domain');
    return found;
  }

  async function assertAvailable(accountId: number, name: string, exceptId?: number) {
    const holders = await db
      .select({ id: domains.id, accountId: domains.accountId, verifiedAt: domains.verifiedAt })
      .from(domains)
      .where(sql`lower(${domains.name}) = ${name}`);
    if (holders.some((h) => h.accountId === accountId && h.id !== exceptId)) {
      throw new HttpError(409, DOMAIN_IN_ACCOUNT, 'conflict', 'data.name');
    }
    if (holders.some((h) => h.accountId !== accountId && h.verifiedAt !== null)) {
      throw new HttpError(409, DOMAIN_ELSEWHERE, 'conflict', 'data.name');
    }
  }

  async function withNameCheck<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'domains_account_name_idx')) {
        throw new HttpError(409, DOMAIN_IN_ACCOUNT, 'conflict', 'data.name');
      }
      if (isUniqueViolation(error, 'domains_verified_name_idx')) {
        throw new HttpError(409, DOMAIN_ELSEWHERE, 'conflict', 'data.name');
      }
      throw error;
    }
  }

  return {
    list: (accountId: number) => list(accountId),
    get,

    /** Syntax only: the normalised name, or why it cannot be a domain. */
    validate(input: string) {
      const check = checkDomainName(input);
      return { valid: check.valid, name: check.name, message: check.valid ? null : check.message };
    },

    async create(accountId: number, input: string) {
      const name = validName(input);
      await assertAvailable(accountId, name);
      const [row] = await withNameCheck(() =>
        db
          .insert(domains)
          .values({ accountId, name, verificationToken: randomBytes(16).toString('hex') })
          .returning({ id: domains.id }),
      );
      if (!row) throw new Error('domain not created');
      return get(accountId, row.id);
    },

    /** A new name must be proven again. */
    async rename(accountId: number, id: number, input: string) {
      const current = await get(accountId, id);
      const name = validName(input);
      if (name === current.name) return current;
      await assertAvailable(accountId, name, id);
      await withNameCheck(() =>
        db
          .update(domains)
          .set({
            name,
            status: 'pending',
            verifiedAt: null,
            lastError: null,
            lastCheckedAt: null,
            updatedAt: new Date(),
          })
          .where(and(ownedBy(domains, accountId), eq(domains.id, id))),
      );
      return get(accountId, id);
    },

    /** Funnels on the domain go back to the account's subdomain. */
    async remove(accountId: number, id: number) {
      await get(accountId, id);
      await db.delete(domains).where(and(ownedBy(domains, accountId), eq(domains.id, id)));
    },

    /** Looks the TXT record up now and records the outcome (verified, or failed with the reason). */
    async verify(accountId: number, id: number) {
      const [row] = await db
        .select()
        .from(domains)
        .where(and(ownedBy(domains, accountId), eq(domains.id, id)));
      if (!row) throw notFound('Domain');
      const recordName = verificationRecordName(row.name);
      const expected = verificationRecordValue(row.verificationToken);
      let proven = false;
      let failure: string | null = null;
      try {
        proven = txtRecordsProve(await lookupTxt(recordName), row.verificationToken);
        if (!proven) failure = `The TXT record at ${recordName} does not hold ${expected}`;
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'EUNKNOWN';
        failure = NOT_FOUND_CODES.has(code)
          ? `No TXT record found at ${recordName}; add one holding ${expected}`
          : `The DNS lookup of ${recordName} failed (${code}); try again in a few minutes`;
      }
      const now = new Date();
      if (proven) {
        const [elsewhere] = await db
          .select({ id: domains.id })
          .from(domains)
          .where(
            and(
              sql`lower(${domains.name}) = ${row.name.toLowerCase()}`,
              isNotNull(domains.verifiedAt),
              sql`${domains.accountId} <> ${accountId}`,
            ),
          );
        if (elsewhere) throw new HttpError(409, DOMAIN_ELSEWHERE, 'conflict', 'name');
        await withNameCheck(() =>
          db
            .update(domains)
            .set({
              status: 'verified',
              verifiedAt: row.verifiedAt ?? now,
              lastCheckedAt: now,
              lastError: null,
              updatedAt: now,
            })
            .where(and(ownedBy(domains, accountId), eq(domains.id, id))),
        );
      } else {
        // A domain that was verified stays connected: a failed re-check is only reported.
        await db
          .update(domains)
          .set({
            status: row.verifiedAt ? 'verified' : 'failed',
            lastCheckedAt: now,
            lastError: failure,
            updatedAt: now,
          })
          .where(and(ownedBy(domains, accountId), eq(domains.id, id)));
      }
      return get(accountId, id);
    },
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
