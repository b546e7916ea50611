import type { CreateDiscountBody, Discount } from '@funnelwork/domain';
import { listMeta } from '@funnelwork/domain';
import {
  type DiscountKind,
  discountValueFromStored,
  discountValueToStored,
  fromMinorUnits,
  toMinorUnits,
} from '@funnelwork/domain/rules';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, isUniqueViolation, likePattern, ownedBy } from '../../db/query-helpers.ts';
import { accounts, discounts } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';

type Deps = { db: Db };
type DiscountRow = typeof discounts.$inferSelect;
type DiscountFields = CreateDiscountBody['data'];
type DiscountPatch = Partial<{
  code: string;
  kind: DiscountKind;
  value: number;
  currency: string | null;
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  min_order: number | null;
  starts_at: string | null;
  ends_at: string | null;
  active: boolean;
}>;

export const DISCOUNT_CODE_TAKEN = 'This discount code already exists';

function discountOut(row: DiscountRow): Discount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: discountValueFromStored(row.kind, row.valueMinor),
    currency: row.currency,
    usage_limit: row.usageLimit,
    usage_limit_per_customer: row.usageLimitPerCustomer,
    used_count: row.usedCount,
    min_order: row.minOrderMinor === null ? null : fromMinorUnits(row.minOrderMinor),
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    active: row.active,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

const badField = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, 'validation_error', field);

/** Rules across fields: a percent is at most 100, a window ends after it starts, a new kind needs its value. */
function checkDiscount(d: {
  kind: DiscountKind;
  value: number;
  starts_at: string | null;
  ends_at: string | null;
}) {
  if (d.kind === 'percent' && d.value > 100)
    throw badField('data.value', 'A percent discount is at most 100');
  if (d.kind === 'fixed' && toMinorUnits(d.value) <= 0)
    throw badField('data.value', 'Value must be more than 0');
  if (d.starts_at && d.ends_at && Date.parse(d.ends_at) <= Date.parse(d.starts_at)) {
    throw badField('data.ends_at', 'The end must come after the start');
  }
}

export function createDiscountsService({ db }: Deps) {
  async function find(accountId: number, id: number): Promise<DiscountRow> {
    const [row] = await db
      .select()
      .from(discounts)
      .where(and(ownedBy(discounts, accountId), eq(discounts.id, id)));
    if (!row) throw notFound('Discount');
    return row;
  }

  async function assertCodeFree(accountId: number, code: string, exceptId?: number) {
    const [taken] = await db
      .select({ id: discounts.id })
      .from(discounts)
      .where(
        and(
          ownedBy(discounts, accountId),
          sql`lower(${discounts.code}) = ${code.toLowerCase()}`,
          exceptId !== undefined ? sql`${discounts.id} <> ${exceptId}` : undefined,
        ),
      );
    if (taken) throw new HttpError(409, DISCOUNT_CODE_TAKEN, 'conflict', 'data.code');
  }

  async function withCodeCheck<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, 'discounts_account_code_idx')) {
        throw new HttpError(409, DISCOUNT_CODE_TAKEN, 'conflict', 'data.code');
      }
      throw error;
    }
  }

  async function defaultCurrency(accountId: number) {
    const [account] = await db
      .select({ currency: accounts.defaultCurrencyCode })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return account?.currency ?? 'USD';
  }

  return {
    async list(accountId: number, query: { page: number; per_page: number; query?: string }) {
      const where = and(
        ownedBy(discounts, accountId),
        query.query?.trim() ? ilike(discounts.code, likePattern(query.query.trim())) : undefined,
      );
      const rows = await db
        .select()
        .from(discounts)
        .where(where)
        .orderBy(desc(discounts.createdAt), desc(discounts.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page);
      const [total] = await db
        .select({ count: sql`count(*)`.mapWith(Number) })
        .from(discounts)
        .where(where);
      return { data: rows.map(discountOut), meta: listMeta(total?.count ?? 0, query.per_page) };
    },

    get: async (accountId: number, id: number) => discountOut(await find(accountId, id)),

    async create(accountId: number, input: DiscountFields) {
      const fields = {
        kind: input.kind,
        value: input.value,
        starts_at: input.starts_at ?? null,
        ends_at: input.ends_at ?? null,
      };
      checkDiscount(fields);
      await assertCodeFree(accountId, input.code);
      const currency =
        input.kind === 'fixed'
          ? (input.currency ?? (await defaultCurrency(accountId)))
          : (input.currency ?? null);
      const [row] = await withCodeCheck(() =>
        db
          .insert(discounts)
          .values({
            accountId,
            code: input.code,
            kind: input.kind,
            valueMinor: discountValueToStored(input.kind, input.value),
            currency,
            usageLimit: input.usage_limit ?? null,
            usageLimitPerCustomer: input.usage_limit_per_customer ?? null,
            minOrderMinor: input.min_order == null ? null : toMinorUnits(input.min_order),
            startsAt: fields.starts_at ? new Date(fields.starts_at) : null,
            endsAt: fields.ends_at ? new Date(fields.ends_at) : null,
            active: input.active ?? true,
          })
          .returning(),
      );
      if (!row) throw new Error('discount not created');
      return discountOut(row);
    },

    async patch(accountId: number, id: number, input: DiscountPatch) {
      const current = discountOut(await find(accountId, id));
      if (input.kind !== undefined && input.kind !== current.kind && input.value === undefined) {
        throw badField('data.value', 'Give the value for the new kind');
      }
      const kind = input.kind ?? current.kind;
      const value = input.value ?? current.value;
      const startsAt = input.starts_at !== undefined ? input.starts_at : current.starts_at;
      const endsAt = input.ends_at !== undefined ? input.ends_at : current.ends_at;
      checkDiscount({ kind, value, starts_at: startsAt, ends_at: endsAt });
      if (input.code !== undefined) await assertCodeFree(accountId, input.code, id);
      const [row] = await withCodeCheck(() =>
        db
          .update(discounts)
          .set({
            ...(input.code !== undefined && { code: input.code }),
            kind,
            valueMinor: discountValueToStored(kind, value),
            ...(input.currency !== undefined && { currency: input.currency }),
            ...(input.usage_limit !== undefined && { usageLimit: input.usage_limit }),
            ...(input.usage_limit_per_customer !== undefined && {
              usageLimitPerCustomer: input.usage_limit_per_customer,
            }),
            ...(input.min_order !== undefined && {
              minOrderMinor: input.min_order === null ? null : toMinorUnits(input.min_order),
            }),
            ...(input.starts_at !== undefined && { startsAt: startsAt ? new Date(startsAt) : null }),
            ...(input.ends_at !== undefined && { endsAt: endsAt ? new Date(endsAt) : null }),
            ...(input.active !== undefined && { active: input.active }),
            updatedAt: new Date(),
          })
          .where(and(ownedBy(discounts, accountId), eq(discounts.id, id)))
          .returning(),
      );
      if (!row) throw notFound('Discount');
      return discountOut(row);
    },

    async remove(accountId: number, id: number) {
      await find(accountId, id);
      await db.delete(discounts).where(and(ownedBy(discounts, accountId), eq(discounts.id, id)));
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;
