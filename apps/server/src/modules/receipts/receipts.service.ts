import { type CompiledEmail, fillMergeTemplate, mergeTemplate } from '@funnelwork/blocks/email';
import type { Receipt } from '@funnelwork/domain';
import { TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/query-helpers.ts';
import {
  emailTemplates,
  RECEIPT_KINDS,
  type ReceiptKind,
  receiptSends,
  receiptSettings,
} from '../../db/schema/index.ts';
import type { Outbox, OutboxEvent } from '../../events/outbox.ts';
import { defineJob, type JobQueue } from '../../jobs/queue.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { EmailTemplatesService } from '../email-templates/email-templates.service.ts';
import { addEvent } from '../orders/orders.queries.ts';
import {
  DEFAULT_RECEIPT_SUBJECTS,
  defaultReceiptCompiled,
  defaultReceiptDocument,
  RECEIPT_NAMES,
} from './receipts.documents.ts';
import { receiptOrderOf } from './receipts.queries.ts';
import { receiptValues } from './receipts.values.ts';

/** One receipt of one order; the key tells which version of it (see `receiptSends`). */
export const sendReceiptJob = defineJob(
  'receipts.send',
  z.object({
    accountId: z.number().int(),
    orderId: z.number().int(),
    kind: z.enum(RECEIPT_KINDS),
    key: z.string().min(1).max(200),
  }),
  { retryLimit: 5, retryDelay: 10, retryBackoff: true },
);
export type ReceiptJob = z.output<typeof sendReceiptJob.payload>;

type Settings = typeof receiptSettings.$inferSelect;

/** The timeline line of a sent receipt ("7 email"). */
const TIMELINE_NAMES: Record<ReceiptKind, string> = {
  order_confirmation: 'Order confirmation e-mail sent',
  shipping_confirmation: 'Shipping confirmation e-mail sent',
};

/**
 * The store's own e-mails: an order confirmation for every paid order and a shipping confirmation for
 * every fulfilment with a tracking number, sent without an automation. Transactional: they go to every
 * customer with an e-mail address. Each send is claimed once per (order, kind, key), its message
 * recorded and its timeline line written in one transaction, and the message delivered after it.
 */
export function createReceiptsService({
  db,
  mailer,
  queue,
  outbox,
  templates,
}: {
  db: Db;
  mailer: Mailer;
  queue: JobQueue;
  outbox: Pick<Outbox, 'consume'>;
  templates: Pick<EmailTemplatesService, 'create'>;
}) {
  async function settingsOf(accountId: number, kind: ReceiptKind): Promise<Settings | undefined> {
    const [row] = await db
      .select()
      .from(receiptSettings)
      .where(and(ownedBy(receiptSettings, accountId), eq(receiptSettings.kind, kind)));
    return row;
  }

  /** The merchant's design if it still exists and has a compile, else the built-in one. */
  async function designOf(
    accountId: number,
    kind: ReceiptKind,
    settings: Settings | undefined,
  ): Promise<CompiledEmail> {
    if (settings?.emailTemplateId) {
      const [template] = await db
        .select({ compiled: emailTemplates.compiled })
        .from(emailTemplates)
        .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.id, settings.emailTemplateId)));
      if (template?.compiled) return template.compiled;
    }
    return defaultReceiptCompiled(kind);
  }

  /** Sends one receipt unless it was sent already, is switched off or has nobody to go to. */
  async function send({ accountId, orderId, kind, key }: ReceiptJob): Promise<number | null> {
    const settings = await settingsOf(accountId, kind);
    if (settings && !settings.enabled) return null;
    const found = await receiptOrderOf(db, accountId, orderId);
    if (!found || found.order.email === '') return null;
    const { order, lines } = found;
    const values = receiptValues(order, lines);
    // The design version is stored once; each receipt keeps its values and is personalised when sent.
    const body = await mailer.bodyOf(accountId, await designOf(accountId, kind, settings));
    const subject = fillMergeTemplate(
      mergeTemplate(settings?.subject ?? DEFAULT_RECEIPT_SUBJECTS[kind]),
      values,
      false,
    );
    const messageId = await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(receiptSends)
        .values({ accountId, orderId, kind, key })
        .onConflictDoNothing()
        .returning({ id: receiptSends.id });
      if (!claim) return null;
      const message = await mailer.record(tx, {
        to: order.email,
        subject,
        text: '',
        body: { id: body, values },
        accountId,
        accountServer: true,
      });
      await tx.update(receiptSends).set({ mailMessageId: message.id }).where(eq(receiptSends.id, claim.id));
      await addEvent(tx, accountId, orderId, TIMELINE_EVENT_TYPES.email, TIMELINE_NAMES[kind], {
        desc: `To ${order.email}: ${subject}`,
      });
      // Its mail job commits with it: a crash after the commit cannot leave the receipt unsent.
      await mailer.deliverIn(tx, message.id);
      return message.id;
    });
    if (messageId !== null) mailer.wake();
    return messageId;
  }

  queue.work(sendReceiptJob, async (job) => {
    await send(job);
  });

  // From the outbox: each purchase (checkout, accepted upsell, renewal) confirms the whole order once,
  // keyed by its event; each tracking number is shipped once, however often it is saved.
  /** The receipt an event asks for: each purchase confirms its order, each tracking number ships once. */
  function receiptOf(event: OutboxEvent): z.input<typeof sendReceiptJob.payload> | null {
    if (event.type === 'order.paid') {
      const { accountId, orderId } = event.payload;
      return { accountId, orderId, kind: 'order_confirmation', key: event.key };
    }
    if (event.type === 'order.fulfilled' && event.payload.trackingNumber) {
      const { accountId, orderId, trackingNumber } = event.payload;
      return {
        accountId,
        orderId,
        kind: 'shipping_confirmation',
        key: `tracking-${trackingNumber}`.slice(0, 200),
      };
    }
    return null;
  }

  // From the outbox: each purchase (checkout, accepted upsell, renewal) confirms the whole order once,
  // keyed by its event; each tracking number is shipped once, however often it is saved.
  outbox.consume({
    name: 'receipts',
    types: ['order.paid', 'order.fulfilled'],
    async handle(event) {
      const receipt = receiptOf(event);
      if (receipt) await queue.send(sendReceiptJob, receipt);
    },
    async handleMany(events) {
      await queue.sendMany(
        sendReceiptJob,
        events.map(receiptOf).filter((receipt) => receipt !== null),
      );
    },
  });

  async function out(accountId: number, kind: ReceiptKind): Promise<Receipt> {
    const settings = await settingsOf(accountId, kind);
    let template: { name: string; userId: number } | undefined;
    if (settings?.emailTemplateId) {
      [template] = await db
        .select({ name: emailTemplates.name, userId: emailTemplates.userId })
        .from(emailTemplates)
        .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.id, settings.emailTemplateId)));
    }
    return {
      kind,
      name: RECEIPT_NAMES[kind],
      enabled: settings?.enabled ?? true,
      subject: settings?.subject ?? null,
      default_subject: DEFAULT_RECEIPT_SUBJECTS[kind],
      email_template_id: template ? (settings?.emailTemplateId ?? null) : null,
      email_template_name: template?.name ?? null,
      email_template_user_id: template?.userId ?? null,
    };
  }

  async function update(
    accountId: number,
    kind: ReceiptKind,
    input: { enabled?: boolean; subject?: string | null; email_template_id?: number | null },
  ): Promise<Receipt> {
    if (input.email_template_id) {
      const [template] = await db
        .select({ id: emailTemplates.id })
        .from(emailTemplates)
        .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.id, input.email_template_id)));
      if (!template) {
        throw new HttpError(
          400,
          'data.email_template_id: no such e-mail template in this account',
          'validation_error',
          'data.email_template_id',
        );
      }
    }
    const values = {
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      ...(input.subject !== undefined && { subject: input.subject }),
      ...(input.email_template_id !== undefined && { emailTemplateId: input.email_template_id }),
      updatedAt: new Date(),
    };
    await db
      .insert(receiptSettings)
      .values({ accountId, kind, ...values })
      .onConflictDoUpdate({ target: [receiptSettings.accountId, receiptSettings.kind], set: values });
    return out(accountId, kind);
  }

  return {
    send,
    update,

    /**
     * "Edit design": the built-in design copied into the member's e-mail templates and chosen for the
     * receipt, so the e-mail editor opens it; a receipt with a design of its own keeps it.
     */
    async customize(accountId: number, userId: number, kind: ReceiptKind): Promise<Receipt> {
      const current = await out(accountId, kind);
      if (current.email_template_id !== null) return current;
      const created = await templates.create(accountId, userId, {
        name: RECEIPT_NAMES[kind],
        html: '',
        css: '',
        tags: 'receipt',
        config: JSON.stringify(defaultReceiptDocument(kind)),
      });
      return update(accountId, kind, { email_template_id: created.id });
    },

    async list(accountId: number): Promise<Receipt[]> {
      return Promise.all(RECEIPT_KINDS.map((kind) => out(accountId, kind)));
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;
