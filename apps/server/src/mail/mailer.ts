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
};

export type Mailer = {
  /** Records the message; with SMTP_URL it is delivered by the mail.send job, else the Mailbox is its delivery. */
  send(mail: OutgoingMail): Promise<{ id: number }>;
  smtpConfigured: boolean;
};

export const sendMailJob = defineJob('mail.send', z.object({ messageId: z.number().int() }), {
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
});

export function createMailer({ db, config, queue }: { db: Db; config: Config; queue: JobQueue }): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;

  queue.work(sendMailJob, async ({ messageId }) => {
    if (!transport) return;
    const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
    if (!message || message.status === 'sent') return;
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
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

  return {
    smtpConfigured: transport !== null,
    async send(mail) {
      const [row] = await db
        .insert(mailMessages)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          accountId: mail.accountId ?? null,
          status: transport ? 'queued' : 'stored',
        })
        .returning({ id: mailMessages.id });
      if (!row) throw new Error('mail not recorded');
      if (transport) await queue.send(sendMailJob, { messageId: row.id });
      return { id: row.id };
    },
  };
}
