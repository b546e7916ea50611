import { createHash } from 'node:crypto';
import { type CompiledEmail, type MergeValues, personaliseEmail } from '@funnelwork/blocks/email';
import { and, eq, inArray, ne } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { type Db, foregroundWork } from '../db/client.ts';
import { mailBodies, mailMessages } from '../db/schema/index.ts';
import { defineJob, type JobQueue } from '../jobs/queue.ts';
import { marketingLinks, marketingParts } from './marketing.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  accountId?: number | null;
  /** Extra headers (a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /**
   * The account's own e-mail (a receipt, an automation's, a marketing one): sent through the account's
   * SMTP sender connection when it has an active one. Not for the platform's own mails.
   */
  accountServer?: boolean;
  /**
   * An e-mail the merchant starts (a test, a broadcast): refused with 402 `plan_limit` past the plan's
   * e-mails a month. Receipts, opt-in and platform mails leave it unset: never refused, still counted.
   */
  merchant?: boolean;
  /**
   * A stored body (`Mailer.bodyOf`) personalised with `values` when the message is delivered or shown,
   * instead of `html` and `text`: a template version is written once, not once per recipient.
   */
  body?: { id: number; values: MergeValues };
  /** With `body`: a marketing e-mail's footer, and with 'track' its tracked links and pixel. */
  marketing?: 'plain' | 'track';
};

/** What a marketing e-mail's own links are made with (mail/marketing.ts). */
export type MarketingContext = { key: Buffer; publicUrl: string };

/**
 * One body to many recipients (a broadcast): the template version compiled once and stored once, each
 * recipient with only its merge values; every copy is personalised when it is delivered or shown.
 */
export type BulkMail = {
  subject: string;
  compiled: CompiledEmail;
  accountId?: number | null;
  headers?: Record<string, string>;
  /** As OutgoingMail's: through the account's own SMTP server when it has one. */
  accountServer?: boolean;
  recipients: ReadonlyArray<{ to: string; values: MergeValues }>;
};

export type Mailer = {
  /** Records the message; with SMTP_URL it is delivered by the mail.send job, else the Mailbox is its delivery. */
  send(mail: OutgoingMail): Promise<{ id: number }>;
  /**
   * `send` in two halves, for a message that belongs to a transaction: `record` writes it with the
   * transaction, `deliver` (after the commit) hands it to the mail.send job.
   */
  record(tx: Db, mail: OutgoingMail): Promise<{ id: number }>;
  /**
   * A bulk send: the body recorded once, the messages 1,000 to a statement, delivered by mail.send jobs
   * of MESSAGES_PER_JOB messages each.
   */
  sendMany(mail: BulkMail): Promise<{ ids: number[] }>;
  /**
   * The stored body of a compiled template version, to record messages with (`OutgoingMail.body`):
   * written once per version and process, found again by its content. Call it before a transaction.
   */
  bodyOf(accountId: number | null, compiled: CompiledEmail): Promise<number>;
  /**
   * Hands a recorded message to its mail job. `lane: 'automation'` sends it through its own queue
   * (automationMailJob), so a backlog of receipts and broadcasts in mail.send never holds it back.
   */
  deliver(id: number, options?: { lane?: MailLane }): Promise<void>;
  /**
   * `deliver` in the transaction that records the message: its job commits with it, so a crash right
   * after the commit cannot leave the message without one. Call `wake` with the lane after the commit.
   */
  deliverIn(tx: Db, id: number, options?: { lane?: MailLane }): Promise<void>;
  /** Has this process's mail workers of the lane fetch now (after a `deliverIn`'s commit). */
  wake(lane?: MailLane): void;
  /**
   * Refuses (402 `plan_limit`) a merchant-initiated e-mail of the account past its plan's e-mails a
   * month; for a message recorded with `record` in a transaction, called before the transaction.
   */
  checkLimit(accountId: number, adding?: number): Promise<void>;
  smtpConfigured: boolean;
  close(): void;
};

/** Messages one mail.send job of a bulk send delivers. */
export const MESSAGES_PER_JOB = 20;
/**
 * Mail jobs a worker fetches at once and delivers together (`Queue.workBatch`): single messages recorded
 * close together (receipts, automation steps) share one read, one status update and one pooled burst.
 * With bulk jobs, at most MESSAGES_PER_JOB × JOBS_PER_FETCH = 1,000 messages are in memory at once.
 */
const JOBS_PER_FETCH = 50;
const ROWS_PER_INSERT = 1_000;
/** SMTP connections the pool keeps open to the server (nodemailer's pool, `maxConnections`). */
const SMTP_CONNECTIONS = 10;

/**
 * A message id (a single send) or up to MESSAGES_PER_JOB of them (a bulk send). A job that retries
 * skips its messages already sent, so each is delivered once however often the job runs.
 */
export const sendMailJob = defineJob(
  'mail.send',
  z.union([
    z.object({ messageId: z.number().int() }),
    // Up to 100: bulk jobs enqueued before MESSAGES_PER_JOB became 20 still parse.
    z.object({ messageIds: z.array(z.number().int()).min(1).max(100) }),
  ]),
  { retryLimit: 5, retryDelay: 5, retryBackoff: true, batchSize: JOBS_PER_FETCH },
);

/**
 * Automation e-mails' own lane: the same delivery as mail.send, in a queue of its own with its own worker,
 * so the receipts of a flash sale (FIFO in mail.send) are never ahead of an automation's e-mail.
 */
export const automationMailJob = defineJob('mail.automation', sendMailJob.payload, sendMailJob.options);

/** Which queue delivers a message: mail.send (receipts, platform mail, broadcasts) or automations' own. */
export type MailLane = 'default' | 'automation';

/** An account's own sender, reply-to and DKIM key for its messages (mail settings); null for the defaults. */
export type SenderLookup = (accountId: number) => Promise<{
  from?: string;
  replyTo?: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
} | null>;

/** An account's own SMTP server (the SMTP sender integration), opened for one mail job. */
export type AccountServers = {
  /** Read with `tx` when asked inside a transaction (PGlite has one connection: another read would wait on it). */
  has(accountId: number, tx?: Db): Promise<boolean>;
  open(accountId: number): Promise<{
    transport: Pick<Transporter, 'sendMail'>;
    fromAddress: string;
    close(): void;
  } | null>;
};

/** The Message-ID of a recorded message: its row id at the sender's domain. */
export function messageIdOf(id: number, mailFrom: string): string {
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'funnelwork.invalid';
  return `<fw-mail-${id}@${domain}>`;
}

/** The SMTP URL with nodemailer's pool on (`pool=true`) unless the URL says otherwise. */
function withPool(url: string): string {
  if (/[?&]pool=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=${SMTP_CONNECTIONS}&maxMessages=1000`;
}

type MessageRow = typeof mailMessages.$inferSelect;

/**
 * A recorded message's HTML and text: its own, or its stored body personalised with its merge values,
 * with a marketing e-mail's footer, tracked links and pixel made from its id (`marketing`).
 */
export function messageContent(
  message: Pick<MessageRow, 'id' | 'html' | 'text' | 'bodyId' | 'mergeValues' | 'marketing'>,
  bodies: ReadonlyMap<number, CompiledEmail>,
  marketing?: MarketingContext,
): { html: string | null; text: string } {
  const body = message.bodyId === null ? undefined : bodies.get(message.bodyId);
  if (!body) return { html: message.html, text: message.text };
  const copy = personaliseEmail(body, message.mergeValues ?? {});
  if (!message.marketing || !marketing) return copy;
  const links = marketingLinks(marketing.key, marketing.publicUrl, message.id);
  return marketingParts(copy, links, message.marketing === 'track');
}

/** The compiled bodies of these messages, in one query. */
export async function bodiesOf(
  db: Db,
  messages: ReadonlyArray<Pick<MessageRow, 'bodyId'>>,
  known: Map<number, CompiledEmail> = new Map(),
): Promise<Map<number, CompiledEmail>> {
  const missing = [
    ...new Set(messages.map((m) => m.bodyId).filter((id): id is number => id !== null && !known.has(id))),
  ];
  if (missing.length > 0) {
    const rows = await db
      .select({ id: mailBodies.id, compiled: mailBodies.compiled })
      .from(mailBodies)
      .where(inArray(mailBodies.id, missing));
    for (const row of rows) known.set(row.id, row.compiled);
  }
  return known;
}

export function createMailer({
  db,
  marksDb = db,
  config,
  queue,
  senderOf,
  accountServers,
  allowance,
  marketing,
}: {
  db: Db;
  /** Where the 'sent' marks are written: a connection of their own (`Database.marks`). */
  marksDb?: Db;
  config: Config;
  queue: JobQueue;
  senderOf?: SenderLookup;
  /** The accounts' own SMTP servers (the SMTP sender integration). */
  accountServers?: AccountServers;
  /** The plans' e-mails a month (billing); without it nothing is refused. */
  allowance?: { check(accountId: number, adding?: number): Promise<void> };
  /** Makes marketing messages' own links (`OutgoingMail.marketing`). */
  marketing?: MarketingContext;
}): Mailer {
  // Pooled: connections are kept and reused across messages instead of one handshake per e-mail.
  const transport = config.smtpUrl ? nodemailer.createTransport(withPool(config.smtpUrl)) : null;
  // Bodies never change once recorded: the ones of the bulk send under way are kept between its jobs.
  const bodyCache = new Map<number, CompiledEmail>();

  /**
   * Delivers the messages not yet sent: one query for them (and one for their bodies), all handed to
   * the pooled transport at once, one UPDATE for the ones the server accepted. A refused one keeps its
   * error, and is in the answer: the messages that failed, with why.
   */
  async function deliverMessages(ids: number[]): Promise<Map<number, Error>> {
    const failures = new Map<number, Error>();
    const servers = accountServers;
    if (!transport && !servers) return failures;
    const messages = await db
      .select()
      .from(mailMessages)
      .where(and(inArray(mailMessages.id, ids), ne(mailMessages.status, 'sent')));
    if (messages.length === 0) return failures;
    if (bodyCache.size > 20) bodyCache.clear();
    const bodies = await bodiesOf(db, messages, bodyCache);
    const senders = new Map<number, ReturnType<SenderLookup>>();
    const senderFor = (accountId: number | null) => {
      if (!accountId || !senderOf) return null;
      let sender = senders.get(accountId);
      if (!sender) {
        sender = senderOf(accountId);
        senders.set(accountId, sender);
      }
      return sender;
    };
    // The accounts' own servers of this job, each opened once (the password only in memory) and closed after.
    const opened = new Map<number, ReturnType<AccountServers['open']>>();
    const ownServerFor = (message: MessageRow) => {
      if (!servers || !message.accountServer || !message.accountId) return null;
      let server = opened.get(message.accountId);
      if (!server) {
        server = servers.open(message.accountId);
        opened.set(message.accountId, server);
      }
      return server;
    };
    const unsendable: number[] = [];
    // Each accepted message is marked sent as soon as the server's reply arrives: the marks of replies
    // that arrive together share one UPDATE, on a connection of their own so they never wait behind the
    // pool's work (a restart's burst of fetches), and a process killed mid-batch resends (with the same
    // Message-ID) only what was accepted since the last mark, not the whole batch.
    let marking: Promise<void> = Promise.resolve();
    let toMark: number[] = [];
    const markSent = (id: number) => {
      toMark.push(id);
      if (toMark.length > 1) return; // an UPDATE is already due: it takes this one too
      // On the embedded database the mark goes before background work's statements (as a request's do):
      // until it commits, a killed process would hand the message over again.
      marking = marking.then(() =>
        foregroundWork.run(true, async () => {
          const ids = toMark;
          toMark = [];
          await marksDb
            .update(mailMessages)
            .set({ status: 'sent', error: null })
            .where(inArray(mailMessages.id, ids));
        }),
      );
    };
    const outcomes = await Promise.allSettled(
      messages.map(async (message) => {
        const own = await ownServerFor(message);
        const via = own?.transport ?? transport;
        if (!via) {
          // No platform server and the account's is gone: the Mailbox is its delivery, as without SMTP_URL.
          unsendable.push(message.id);
          return;
        }
        const sender = await senderFor(message.accountId);
        const { html, text } = messageContent(message, bodies, marketing);
        const fromName = sender?.from ? /^"([^"]*)"/.exec(sender.from)?.[1] : undefined;
        const from = own
          ? fromName
            ? `"${fromName}" <${own.fromAddress}>`
            : own.fromAddress
          : (sender?.from ?? config.mailFrom);
        await via.sendMail({
          from,
          ...(sender?.replyTo && { replyTo: sender.replyTo }),
          ...(sender?.dkim && { dkim: sender.dkim }),
          // Stable per recorded message: a send retried after a crash between the server's 250 and the
          // 'sent' mark carries the same Message-ID, so the receiving side can tell it is the same e-mail.
          messageId: messageIdOf(message.id, own ? own.fromAddress : config.mailFrom),
          to: message.to,
          subject: message.subject,
          text,
          html: html ?? undefined,
          // Base64 is encoded natively; quoted-printable walks a 55 KB HTML part character by character.
          textEncoding: 'base64',
          headers: message.headers,
        });
        markSent(message.id);
      }),
    );
    for (const server of opened.values()) {
      server.then((open) => open?.close()).catch(() => {});
    }
    if (unsendable.length > 0)
      await db.update(mailMessages).set({ status: 'stored' }).where(inArray(mailMessages.id, unsendable));
    // A mark that failed fails the batch: its retry sends again what is not marked.
    await marking;
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.status === 'fulfilled') continue;
      const reason = outcome.reason instanceof Error ? outcome.reason : new Error(String(outcome.reason));
      failures.set((messages[index] as MessageRow).id, reason);
      await db
        .update(mailMessages)
        .set({ error: reason.message })
        .where(eq(mailMessages.id, (messages[index] as MessageRow).id));
    }
    return failures;
  }

  // The jobs of a fetched batch are delivered together (one read, one status update, one pooled burst);
  // a job whose message the server refused fails alone, and its retry sends only what is still unsent.
  const handleMailJobs = async (items: z.output<typeof sendMailJob.payload>[]) => {
    const idsOf = items.map((data) => ('messageId' in data ? [data.messageId] : data.messageIds));
    const failures = await deliverMessages(idsOf.flat());
    return idsOf.map((ids) => ids.map((id) => failures.get(id)).find((error) => error !== undefined));
  };
  queue.workBatch(sendMailJob, handleMailJobs);
  queue.workBatch(automationMailJob, handleMailJobs);

  /** Whether a message of this account goes out (the platform's server, or the account's own). */
  async function goesOut(tx: Db, accountId: number | null | undefined, accountServer: boolean | undefined) {
    if (transport) return true;
    const servers = accountServers;
    return Boolean(servers && accountServer && accountId && (await servers.has(accountId, tx)));
  }

  /**
   * Stored bodies by account and content hash; a few hundred template versions at most are in use. The
   * promise is kept, so sends of one version that start together store it once.
   */
  const storedBodies = new Map<string, Promise<number>>();
  /**
   * The same by the compiled object itself: a template version compiled once (and kept) is not hashed
   * again on each send (its JSON is tens of kilobytes).
   */
  const bodiesByObject = new WeakMap<CompiledEmail, Map<number | null, Promise<number>>>();
  function bodyOf(accountId: number | null, compiled: CompiledEmail): Promise<number> {
    const byAccount = bodiesByObject.get(compiled) ?? new Map<number | null, Promise<number>>();
    bodiesByObject.set(compiled, byAccount);
    const seen = byAccount.get(accountId);
    if (seen) return seen;
    const key = `${accountId ?? ''}:${createHash('sha256').update(JSON.stringify(compiled)).digest('base64url')}`;
    let stored = storedBodies.get(key);
    if (!stored) {
      if (storedBodies.size >= 500) storedBodies.clear();
      stored = storeBody(accountId, compiled);
      storedBodies.set(key, stored);
      // A body that could not be stored is tried again by the next send.
      stored.catch(() => {
        storedBodies.delete(key);
        byAccount.delete(accountId);
      });
    }
    byAccount.set(accountId, stored);
    return stored;
  }
  async function storeBody(accountId: number | null, compiled: CompiledEmail) {
    const [body] = await db
      .insert(mailBodies)
      .values({ accountId, compiled })
      .returning({ id: mailBodies.id });
    if (!body) throw new Error('mail body not recorded');
    return body.id;
  }

  async function record(tx: Db, mail: OutgoingMail) {
    const out = await goesOut(tx, mail.accountId, mail.accountServer);
    const [row] = await tx
      .insert(mailMessages)
      .values({
        to: mail.to,
        subject: mail.subject,
        text: mail.body ? '' : mail.text,
        html: mail.body ? null : mail.html,
        bodyId: mail.body?.id ?? null,
        mergeValues: mail.body?.values ?? null,
        marketing: mail.body ? (mail.marketing ?? null) : null,
        accountId: mail.accountId ?? null,
        headers: mail.headers ?? {},
        accountServer: mail.accountServer ?? false,
        status: out ? 'queued' : 'stored',
      })
      .returning({ id: mailMessages.id });
    if (!row) throw new Error('mail not recorded');
    return { id: row.id };
  }

  /** Whether a recorded message goes to a mail job (read with `tx` inside a transaction). */
  async function goesToJob(id: number, tx: Db = db) {
    if (transport) return true;
    if (!accountServers) return false;
    // Without the platform's server only a message for the account's own server was queued.
    const [row] = await tx
      .select({ status: mailMessages.status })
      .from(mailMessages)
      .where(eq(mailMessages.id, id));
    return row?.status === 'queued';
  }
  const jobOf = (lane: MailLane | undefined) => (lane === 'automation' ? automationMailJob : sendMailJob);

  async function deliver(id: number, options: { lane?: MailLane } = {}) {
    if (!(await goesToJob(id))) return;
    await queue.send(jobOf(options.lane), { messageId: id });
  }

  async function deliverIn(tx: Db, id: number, options: { lane?: MailLane } = {}) {
    if (!(await goesToJob(id, tx))) return;
    await queue.sendIn(tx, jobOf(options.lane), { messageId: id });
  }

  async function sendMany(mail: BulkMail) {
    const accountId = mail.accountId ?? null;
    // A broadcast is the merchant's: all of it fits the month's e-mails or none is sent.
    if (accountId) await allowance?.check(accountId, mail.recipients.length);
    const out = await goesOut(db, accountId, mail.accountServer);
    const [body] = await db
      .insert(mailBodies)
      .values({ accountId, compiled: mail.compiled })
      .returning({ id: mailBodies.id });
    if (!body) throw new Error('mail body not recorded');
    const ids: number[] = [];
    for (let from = 0; from < mail.recipients.length; from += ROWS_PER_INSERT) {
      const rows = await db
        .insert(mailMessages)
        .values(
          mail.recipients.slice(from, from + ROWS_PER_INSERT).map((recipient) => ({
            to: recipient.to,
            subject: mail.subject,
            text: '',
            bodyId: body.id,
            mergeValues: recipient.values,
            accountId,
            headers: mail.headers ?? {},
            accountServer: mail.accountServer ?? false,
            status: out ? ('queued' as const) : ('stored' as const),
          })),
        )
        .returning({ id: mailMessages.id });
      const chunk = rows.map((row) => row.id);
      ids.push(...chunk);
      if (out) {
        const jobs: { messageIds: number[] }[] = [];
        for (let at = 0; at < chunk.length; at += MESSAGES_PER_JOB)
          jobs.push({ messageIds: chunk.slice(at, at + MESSAGES_PER_JOB) });
        await queue.sendMany(sendMailJob, jobs);
      }
    }
    return { ids };
  }

  return {
    smtpConfigured: transport !== null,
    record,
    deliver,
    deliverIn,
    wake: (lane) => queue.wake(jobOf(lane)),
    sendMany,
    bodyOf,
    close: () => transport?.close(),
    async checkLimit(accountId, adding = 1) {
      await allowance?.check(accountId, adding);
    },
    async send(mail) {
      if (mail.merchant && mail.accountId) await allowance?.check(mail.accountId);
      const recorded = await record(db, mail);
      await deliver(recorded.id);
      return recorded;
    },
  };
}
