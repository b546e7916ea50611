import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mailMessages } from '../db/schema/index.ts';
import { defineJob, type JobQueue } from '../jobs/queue.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  accountId?: number | null;
  /** Extra headers (a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** Records the message; with SMTP_URL it is delivered by the mail.send job, else the Mailbox is its delivery. */
  send(mail: OutgoingMail): Promise<{ id: number }>;
  /**
   * `send` in two halves, for a message that belongs to a transaction: `record` writes it with the
   * transaction, `deliver` (after the commit) hands it to the mail.send job.
   */
  record(tx: Db, mail: OutgoingMail): Promise<{ id: number }>;
  deliver(id: number): Promise<void>;
  smtpConfigured: boolean;
};

export const sendMailJob = defineJob('mail.send', z.object({ messageId: z.number().int() }), {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
});

/** An account's own sender, reply-to and DKIM key for its messages (mail settings); null for the defaults. */
export type SenderLookup = (accountId: number) => Promise<{
  from?: string;
  replyTo?: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
} | null>;

export function createMailer({
  db,
  config,
  queue,
  senderOf,
}: {
  db: Db;
  config: Config;
  queue: JobQueue;
  senderOf?: SenderLookup;
}): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;

  queue.work(sendMailJob, async ({ messageId }) => {
    if (!transport) return;
    const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
    if (!message || message.status === 'sent') return;
    const sender = message.accountId && senderOf ? await senderOf(message.accountId) : null;
    try {
      await transport.sendMail({
        from: sender?.from ?? config.mailFrom,
        ...(sender?.replyTo && { replyTo: sender.replyTo }),
        ...(sender?.dkim && { dkim: sender.dkim }),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        headers: message.headers,
      });
    } catch (error) {
      await db
        .update(mailMessages)
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where(eq(mailMessages.id, messageId));
      throw error;
    }
    await db.update(mailMessages).set({ status: 'sent', error: null }).where(eq(mailMessages.id, messageId));
  });

  async function record(tx: Db, mail: OutgoingMail) {
    const [row] = await tx
      .insert(mailMessages)
      .values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        accountId: mail.accountId ?? null,
        headers: mail.headers ?? {},
        status: transport ? 'queued' : 'stored',
      })
      .returning({ id: mailMessages.id });
    if (!row) throw new Error('mail not recorded');
    return { id: row.id };
  }

  async function deliver(id: number) {
    if (transport) await queue.send(sendMailJob, { messageId: id });
  }

  return {
    smtpConfigured: transport !== null,
    record,
    deliver,
    async send(mail) {
      const recorded = await record(db, mail);
      await deliver(recorded.id);
      return recorded;
    },
  };
}
