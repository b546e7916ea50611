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
  /** Many messages at once (a broadcast): recorded 500 to a statement and enqueued in bulk. */
  sendMany(mails: OutgoingMail[]): Promise<{ ids: number[] }>;
  deliver(id: number): Promise<void>;
  smtpConfigured: boolean;
};

export const sendMailJob = defineJob('mail.send', z.object({ messageId: z.number().int() }), {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  batchSize: 20,
});

/** An account's own sender, reply-to and DKIM key for its messages (mail settings); null for the defaults. */
export type SenderLookup = (accountId: number) => Promise<{
  from?: string;
  replyTo?: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
} | null>;

/** The Message-ID of a recorded message: its row id at the sender's domain. */
export function messageIdOf(id: number, mailFrom: string): string {
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'funnelwork.invalid';
  return `<fw-mail-${id}@${domain}>`;
}

/** The SMTP URL with nodemailer's pool on (`pool=true`) unless the URL says otherwise. */
function withPool(url: string): string {
  if (/[?&]pool=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=3`;
}

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
  // Pooled: connections are kept and reused across messages instead of one handshake per e-mail.
  const transport = config.smtpUrl ? nodemailer.createTransport(withPool(config.smtpUrl)) : null;

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
        // Stable per recorded message: a send retried after a crash between the server's 250 and the
        // 'sent' mark carries the same Message-ID, so the receiving side can tell it is the same e-mail.
        messageId: messageIdOf(message.id, config.mailFrom),
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
    if (transport)
      await queue.send(sendMailJob, { messageId: id }, { expireInSeconds: config.jobExpirySeconds });
  }

  async function sendMany(mails: OutgoingMail[]) {
    const ids: number[] = [];
    for (let from = 0; from < mails.length; from += 500) {
      const rows = await db
        .insert(mailMessages)
        .values(
          mails.slice(from, from + 500).map((mail) => ({
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            accountId: mail.accountId ?? null,
            headers: mail.headers ?? {},
            status: transport ? ('queued' as const) : ('stored' as const),
          })),
        )
        .returning({ id: mailMessages.id });
      const chunk = rows.map((row) => row.id);
      ids.push(...chunk);
      if (transport)
        await queue.sendMany(
          sendMailJob,
          chunk.map((messageId) => ({ messageId })),
          { expireInSeconds: config.jobExpirySeconds },
        );
    }
    return { ids };
  }

  return {
    smtpConfigured: transport !== null,
    record,
    deliver,
    sendMany,
    async send(mail) {
      const recorded = await record(db, mail);
      await deliver(recorded.id);
      return recorded;
    },
  };
}
