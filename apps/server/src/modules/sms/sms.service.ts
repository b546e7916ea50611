import {
  SMS_BALANCE_TOO_LOW_MESSAGE,
  SMS_NOT_CONFIGURED_MESSAGE,
  SMS_TARIFFS,
  type SmsAccount,
  type SmsNumber,
  tariffOfCountry,
} from '@funnelwork/domain';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, isUniqueViolation, ownedBy } from '../../db/query-helpers.ts';
import { accounts, funnels, smsAccounts, smsNumbers, smsTopUps } from '../../db/schema/index.ts';
import type { ChargeRequest, ChargeResult } from '../../gateways/types.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { SmsNotConfigured, type SmsProvider, SmsProviderError } from '../../sms/provider.ts';

/** Pays a top-up: the platform's own gateway (Funnelwork Payments), charged with the merchant's card. */
export type PlatformCharge = (request: ChargeRequest) => Promise<ChargeResult>;

type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

export const balanceTooLow = () => new HttpError(402, SMS_BALANCE_TOO_LOW_MESSAGE, 'balance_too_low');

/** A provider failure as the merchant sees it: not configured 503, busy or down 503, refused 4xx. */
export function providerHttpError(error: unknown, field?: string): unknown {
  if (error instanceof SmsNotConfigured)
    return new HttpError(503, SMS_NOT_CONFIGURED_MESSAGE, 'sms_not_configured');
  if (!(error instanceof SmsProviderError)) return error;
  if (error.status === 429)
    return new HttpError(503, 'The SMS provider is busy: try again in a moment', 'sms_provider_busy');
  if (error.retryable)
    return new HttpError(503, `The SMS provider failed: ${error.message}`, 'sms_provider_error');
  // 21422: the number was taken in the meantime (by another buyer, or this account's other tab).
  if (error.code === 21422) return new HttpError(409, error.message, 'number_not_available', field);
  return new HttpError(400, error.message, 'sms_provider_refused', field);
}

const numberOut = (row: typeof smsNumbers.$inferSelect): SmsNumber => ({
  id: row.id,
  phone_number: row.phoneNumber,
  country: row.country,
  funnel_id: row.funnelId,
  created_at: iso(row.createdAt),
});

/** The account's SMS balance row, made on first use in the account's default currency. */
export async function smsAccountRow(db: Executor, accountId: number) {
  const [existing] = await db.select().from(smsAccounts).where(ownedBy(smsAccounts, accountId));
  if (existing) return existing;
  const [account] = await db
    .select({ currency: accounts.defaultCurrencyCode })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  await db
    .insert(smsAccounts)
    .values({ accountId, currency: account?.currency ?? 'USD' })
    .onConflictDoNothing();
  const [row] = await db.select().from(smsAccounts).where(ownedBy(smsAccounts, accountId));
  if (!row) throw new Error('sms account row missing');
  return row;
}

/** Takes `amount` from the balance only if it is there; false when the balance is short. */
export async function debitBalance(db: Executor, accountId: number, amountMinor: number) {
  const rows = await db
    .update(smsAccounts)
    .set({ balanceMinor: sql`${smsAccounts.balanceMinor} - ${amountMinor}`, updatedAt: new Date() })
    .where(and(ownedBy(smsAccounts, accountId), gte(smsAccounts.balanceMinor, amountMinor)))
    .returning({ balance: smsAccounts.balanceMinor });
  return rows.length > 0;
}

export async function creditBalance(db: Executor, accountId: number, amountMinor: number) {
  await db
    .update(smsAccounts)
    .set({ balanceMinor: sql`${smsAccounts.balanceMinor} + ${amountMinor}`, updatedAt: new Date() })
    .where(ownedBy(smsAccounts, accountId));
}

/**
 * SMS numbers and the prepaid balance (issue 18 "SMS"): numbers are bought through the platform's
 * provider account and debited from the balance; top-ups are paid by card through the platform gateway.
 */
export function createSmsService({
  db,
  provider,
  charge,
  inboundUrl,
}: {
  db: Db;
  provider: SmsProvider;
  charge: PlatformCharge;
  /** Where the provider posts replies to the account's numbers (the signed inbound webhook). */
  inboundUrl: string;
}) {
  async function account(accountId: number): Promise<SmsAccount> {
    const row = await smsAccountRow(db, accountId);
    return {
      configured: provider.configured,
      balance_minor: row.balanceMinor,
      currency: row.currency,
      default_number_id: row.defaultNumberId,
    };
  }

  async function ownedNumber(accountId: number, id: number) {
    const [row] = await db
      .select()
      .from(smsNumbers)
      .where(and(ownedBy(smsNumbers, accountId), eq(smsNumbers.id, id)));
    return row;
  }

  return {
    account,

    async updateAccount(accountId: number, input: { default_number_id: number | null }) {
      await smsAccountRow(db, accountId);
      if (input.default_number_id !== null && !(await ownedNumber(accountId, input.default_number_id)))
        throw new HttpError(404, 'SMS number not found', 'not_found', 'data.default_number_id');
      await db
        .update(smsAccounts)
        .set({ defaultNumberId: input.default_number_id, updatedAt: new Date() })
        .where(ownedBy(smsAccounts, accountId));
      return account(accountId);
    },

    async tariffs(accountId: number) {
      const { currency } = await smsAccountRow(db, accountId);
      return SMS_TARIFFS.map((tariff) => ({ ...tariff, currency }));
    },

    async numbers(accountId: number) {
      const rows = await db
        .select()
        .from(smsNumbers)
        .where(ownedBy(smsNumbers, accountId))
        .orderBy(asc(smsNumbers.id));
      return rows.map(numberOut);
    },

    async availableNumbers(country: string) {
      try {
        const numbers = await provider.availableNumbers(country);
        return numbers.map((n) => ({
          phone_number: n.phoneNumber,
          friendly_name: n.friendlyName,
          locality: n.locality,
          region: n.region,
          country: n.country,
        }));
      } catch (error) {
        throw providerHttpError(error, 'country');
      }
    },

    /**
     * Buys a number: its price is taken from the balance first and given back if the provider refuses,
     * so a failed purchase leaves the balance as it was.
     */
    async buyNumber(accountId: number, input: { phone_number: string; country: string }) {
      const tariff = tariffOfCountry(input.country);
      if (!tariff)
        throw new HttpError(400, 'data.country: has no SMS tariff', 'validation_error', 'data.country');
      if (!input.phone_number.startsWith(tariff.dial_code))
        throw new HttpError(
          400,
          `data.phone_number: is not a number of ${tariff.name}`,
          'validation_error',
          'data.phone_number',
        );
      if (!provider.configured) throw providerHttpError(new SmsNotConfigured());
      await smsAccountRow(db, accountId);
      if (!(await debitBalance(db, accountId, tariff.number_minor))) throw balanceTooLow();
      let bought: { sid: string; phoneNumber: string };
      try {
        bought = await provider.buyNumber(input.phone_number, inboundUrl);
      } catch (error) {
        await creditBalance(db, accountId, tariff.number_minor);
        throw providerHttpError(error, 'data.phone_number');
      }
      try {
        const [row] = await db
          .insert(smsNumbers)
          .values({
            accountId,
            phoneNumber: bought.phoneNumber,
            country: tariff.country,
            providerSid: bought.sid,
          })
          .returning();
        if (!row) throw new Error('number not stored');
        return numberOut(row);
      } catch (error) {
        await provider.releaseNumber(bought.sid).catch(() => undefined);
        await creditBalance(db, accountId, tariff.number_minor);
        if (isUniqueViolation(error))
          throw new HttpError(409, 'This number is already taken', 'conflict', 'data.phone_number');
        throw error;
      }
    },

    /** Releases the number at the provider, then forgets it (nothing is refunded). */
    async deleteNumber(accountId: number, id: number) {
      const row = await ownedNumber(accountId, id);
      if (!row) throw notFound('SMS number');
      try {
        await provider.releaseNumber(row.providerSid);
      } catch (error) {
        throw providerHttpError(error);
      }
      await db.transaction(async (tx) => {
        await tx.delete(smsNumbers).where(and(ownedBy(smsNumbers, accountId), eq(smsNumbers.id, id)));
        await tx
          .update(smsAccounts)
          .set({ defaultNumberId: null })
          .where(and(ownedBy(smsAccounts, accountId), eq(smsAccounts.defaultNumberId, id)));
      });
    },

    /** Which of the account's numbers send this funnel's messages (the rest keep theirs). */
    async setFunnelNumbers(accountId: number, funnelId: number, numberIds: number[]) {
      const [funnel] = await db
        .select({ id: funnels.id })
        .from(funnels)
        .where(and(ownedBy(funnels, accountId), eq(funnels.id, funnelId), isNull(funnels.deletedAt)));
      if (!funnel) throw notFound('Funnel');
      const ids = [...new Set(numberIds)];
      if (ids.length > 0) {
        const found = await db
          .select({ id: smsNumbers.id })
          .from(smsNumbers)
          .where(and(ownedBy(smsNumbers, accountId), inArray(smsNumbers.id, ids)));
        if (found.length !== ids.length)
          throw new HttpError(404, 'data.number_ids: SMS number not found', 'not_found', 'data.number_ids');
      }
      await db.transaction(async (tx) => {
        await tx
          .update(smsNumbers)
          .set({ funnelId: null })
          .where(and(ownedBy(smsNumbers, accountId), eq(smsNumbers.funnelId, funnelId)));
        if (ids.length > 0)
          await tx
            .update(smsNumbers)
            .set({ funnelId })
            .where(and(ownedBy(smsNumbers, accountId), inArray(smsNumbers.id, ids)));
      });
      const rows = await db
        .select()
        .from(smsNumbers)
        .where(and(ownedBy(smsNumbers, accountId), eq(smsNumbers.funnelId, funnelId)))
        .orderBy(asc(smsNumbers.id));
      return rows.map(numberOut);
    },

    /**
     * Tops the balance up by card. The (account, key) row is the claim: a repeated request answers the
     * first one's result, and the gateway gets the same idempotency key, so a retry never pays twice.
     */
    async topUp(
      accountId: number,
      input: {
        amount_minor: number;
        idempotency_key: string;
        card: { number: string; exp_month: number; exp_year: number; cvc: string };
      },
    ) {
      const { currency } = await smsAccountRow(db, accountId);
      await db
        .insert(smsTopUps)
        .values({
          accountId,
          idempotencyKey: input.idempotency_key,
          amountMinor: input.amount_minor,
          currency,
          status: 'pending',
        })
        .onConflictDoNothing();
      const [topUp] = await db
        .select()
        .from(smsTopUps)
        .where(and(ownedBy(smsTopUps, accountId), eq(smsTopUps.idempotencyKey, input.idempotency_key)));
      if (!topUp) throw new Error('top-up row missing');
      if (topUp.amountMinor !== input.amount_minor)
        throw new HttpError(
          409,
          'data.idempotency_key: was used for a top-up of another amount',
          'conflict',
          'data.idempotency_key',
        );
      const answer = async (row: typeof topUp) => ({
        id: row.id,
        status: row.status,
        amount_minor: row.amountMinor,
        currency: row.currency,
        balance_minor: (await smsAccountRow(db, accountId)).balanceMinor,
      });
      if (topUp.status === 'paid') return answer(topUp);
      if (topUp.status === 'failed')
        throw new HttpError(402, topUp.error ?? 'The payment failed', 'payment_failed', 'data.card');
      const result = await charge({
        amountMinor: topUp.amountMinor,
        currency: topUp.currency,
        idempotencyKey: `sms-top-up-${accountId}-${topUp.idempotencyKey}`,
        paymentMethod: {
          kind: 'card',
          number: input.card.number,
          expMonth: input.card.exp_month,
          expYear: input.card.exp_year,
          cvc: input.card.cvc,
        },
        description: 'SMS balance top-up',
      });
      if (!result.ok) {
        // A retryable failure leaves the top-up pending: the same key may try again.
        if (result.retryable) throw new HttpError(503, result.message, 'payment_retryable', 'data.card');
        await db
          .update(smsTopUps)
          .set({ status: 'failed', error: result.message })
          .where(and(eq(smsTopUps.id, topUp.id), eq(smsTopUps.status, 'pending')));
        throw new HttpError(402, result.message, 'payment_failed', 'data.card');
      }
      const paid = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(smsTopUps)
          .set({ status: 'paid', reference: result.reference })
          .where(and(eq(smsTopUps.id, topUp.id), eq(smsTopUps.status, 'pending')))
          .returning();
        // Only the request that moved it from pending credits the balance.
        if (row) await creditBalance(tx, accountId, row.amountMinor);
        return row;
      });
      const [current] = await db.select().from(smsTopUps).where(eq(smsTopUps.id, topUp.id));
      return answer(paid ?? current ?? topUp);
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
