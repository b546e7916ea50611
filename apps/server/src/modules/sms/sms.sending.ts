import {
  isOptInReply,
  isOptOutReply,
  normalisePhone,
  SMS_BALANCE_TOO_LOW_MESSAGE,
  smsPrice,
  tariffOfPhone,
} from '@funnelwork/domain/sms/rules';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import { smsMessages, smsNumbers, smsSuppressions } from '../../db/schema/index.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import { SmsNotConfigured, type SmsProvider, SmsProviderError } from '../../sms/provider.ts';
import { creditBalance, debitBalance, smsAccountRow } from './sms.service.ts';

/** Hands one recorded message to the provider; rate limits and provider outages retry with backoff. */
export const sendSmsJob = defineJob('sms.send', z.object({ messageId: z.number().int() }), {
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
});

/** Why a message cannot be sent; the automation step fails with this text. */
export class SmsSendRefused extends Error {}

export type RecordedSms =
  | { status: 'queued'; messageId: number; to: string }
  | { status: 'skipped'; to: string };

/** Is this phone opted out of the account's messages (a STOP reply)? */
export async function isSmsSuppressed(db: Pick<Db, 'select'>, accountId: number, phone: string) {
  const [row] = await db
    .select({ id: smsSuppressions.id })
    .from(smsSuppressions)
    .where(and(ownedBy(smsSuppressions, accountId), eq(smsSuppressions.phone, phone)));
  return row !== undefined;
}

/**
 * Records one message and takes its price from the balance, in the caller's transaction (the
 * automation step's): the provider is called after the commit by `sms.send`. A phone that replied
 * STOP is skipped; a short balance, no number or no tariff refuses.
 */
export async function recordSms(
  tx: Db,
  input: { accountId: number; to: string; body: string; funnelId: number | null },
): Promise<RecordedSms> {
  const to = normalisePhone(input.to);
  if (!to)
    throw new SmsSendRefused(`The customer's phone '${input.to}' is not a number in international form`);
  if (await isSmsSuppressed(tx, input.accountId, to)) return { status: 'skipped', to };
  const price = smsPrice(to, input.body);
  const tariff = tariffOfPhone(to);
  if (price === undefined || !tariff)
    throw new SmsSendRefused(`SMS cannot be sent to ${to}: no tariff for its country`);
  const account = await smsAccountRow(tx, input.accountId);
  const numbers = await tx
    .select()
    .from(smsNumbers)
    .where(ownedBy(smsNumbers, input.accountId))
    .orderBy(asc(smsNumbers.id));
  const from =
    numbers.find((n) => input.funnelId !== null && n.funnelId === input.funnelId) ??
    numbers.find((n) => n.id === account.defaultNumberId) ??
    numbers[0];
  if (!from) throw new SmsSendRefused('The account has no SMS number: buy one in Settings → SMS');
  if (!(await debitBalance(tx, input.accountId, price)))
    throw new SmsSendRefused(SMS_BALANCE_TOO_LOW_MESSAGE);
  const [message] = await tx
    .insert(smsMessages)
    .values({
      accountId: input.accountId,
      to,
      from: from.phoneNumber,
      body: input.body,
      country: tariff.country,
      priceMinor: price,
      status: 'queued',
    })
    .returning({ id: smsMessages.id });
  if (!message) throw new Error('message not recorded');
  return { status: 'queued', messageId: message.id, to };
}

/**
 * Delivery of recorded messages and the provider's inbound webhook. A message the provider refuses
 * (not a rate limit or an outage) is marked failed and its price given back to the balance.
 */
export function createSmsSending({
  db,
  queue,
  provider,
}: {
  db: Db;
  queue: JobQueue;
  provider: SmsProvider;
}) {
  async function deliver(messageId: number) {
    const [message] = await db.select().from(smsMessages).where(eq(smsMessages.id, messageId));
    if (message?.status !== 'queued') return;
    try {
      const sent = await provider.send({ to: message.to, from: message.from, body: message.body });
      await db
        .update(smsMessages)
        .set({ status: 'sent', providerSid: sent.sid, error: null })
        .where(and(eq(smsMessages.id, message.id), eq(smsMessages.status, 'queued')));
    } catch (error) {
      const refused =
        error instanceof SmsNotConfigured || (error instanceof SmsProviderError && !error.retryable);
      if (!refused) throw error;
      await db.transaction(async (tx) => {
        const [failed] = await tx
          .update(smsMessages)
          .set({
            status: 'failed',
            error: error instanceof SmsNotConfigured ? 'SMS is not configured' : error.message,
          })
          .where(and(eq(smsMessages.id, message.id), eq(smsMessages.status, 'queued')))
          .returning({ id: smsMessages.id });
        if (failed) await creditBalance(tx, message.accountId, message.priceMinor);
      });
    }
  }

  queue.work(sendSmsJob, ({ messageId }) => deliver(messageId));

  return {
    deliver,
    /** Enqueues delivery of a message recorded by `recordSms` once its transaction committed. */
    async enqueue(messageId: number) {
      await queue.send(sendSmsJob, { messageId });
    },
    /** `enqueue` in the transaction that records the message (a crash after the commit loses no job); `wake` after it. */
    async enqueueIn(tx: Db, messageId: number) {
      await queue.sendIn(tx, sendSmsJob, { messageId });
    },
    wake() {
      queue.wake(sendSmsJob);
    },

    /**
     * A reply to one of the numbers (Twilio's inbound webhook, already verified): STOP and the other
     * opt-out words suppress the sender for the number's account; START and UNSTOP lift it.
     */
    async inbound(params: Record<string, string>) {
      const to = params.To ?? '';
      const from = normalisePhone(params.From ?? '');
      if (!from) return;
      const [number] = await db
        .select({ accountId: smsNumbers.accountId })
        .from(smsNumbers)
        .where(eq(smsNumbers.phoneNumber, to));
      if (!number) return;
      const body = params.Body ?? '';
      if (isOptOutReply(body)) {
        await db
          .insert(smsSuppressions)
          .values({ accountId: number.accountId, phone: from })
          .onConflictDoNothing();
      } else if (isOptInReply(body)) {
        await db
          .delete(smsSuppressions)
          .where(and(ownedBy(smsSuppressions, number.accountId), eq(smsSuppressions.phone, from)));
      }
    },
  };
}
export type SmsSending = ReturnType<typeof createSmsSending>;
