import { escapeHtml } from '@funnelwork/blocks';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { accounts, emailSuppressions, emailTrackingEvents, mailMessages } from '../db/schema/index.ts';
import { schemaOf } from '../plugins/endpoints.ts';
import { clickMatches, isBot, readMessageToken } from './marketing.ts';

/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** Our own small pages: no script, a form posting to this origin only. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:480px;margin:80px auto;padding:0 20px;color:#252a32"><h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

/**
 * The public ends of marketing e-mail: unsubscribe (a page whose button posts, and RFC 8058's one-click
 * POST from mail clients), the open pixel and the click redirect. A GET never unsubscribes, so a
 * scanner that follows links cannot unsubscribe anybody.
 */
export function marketingMailRoutes(app: FastifyInstance, { db, key }: { db: Db; key: Buffer }) {
  async function messageOf(purpose: string, token: string) {
    const id = readMessageToken(key, purpose, token);
    if (id === null) return null;
    const [message] = await db
      .select({ id: mailMessages.id, accountId: mailMessages.accountId, to: mailMessages.to })
      .from(mailMessages)
      .where(eq(mailMessages.id, id));
    return message?.accountId ? { ...message, accountId: message.accountId } : null;
  }

  async function senderName(accountId: number) {
    const [account] = await db
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return account?.name ?? 'this sender';
  }

  app.get<{ Params: { token: string } }>(
    '/_fw/unsubscribe/:token',
    { schema: schemaOf(endpoints.mail.unsubscribePage) },
    async (request, reply) => {
      const message = await messageOf('unsubscribe', request.params.token);
      if (!message)
        return page(reply, 404, 'This link is not valid', '<p>The unsubscribe link is broken or old.</p>');
      const name = escapeHtml(await senderName(message.accountId));
      return page(
        reply,
        200,
        'Unsubscribe',
        `<p>Stop receiving marketing e-mails from ${name} at <b>${escapeHtml(message.to)}</b>? You will still get receipts for your orders.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font-size:16px;padding:10px 18px">Unsubscribe</button></form>`,
      );
    },
  );

  app.post<{ Params: { token: string } }>(
    '/_fw/unsubscribe/:token',
    { schema: schemaOf(endpoints.mail.unsubscribe) },
    async (request, reply) => {
      const message = await messageOf('unsubscribe', request.params.token);
      if (!message)
        return page(reply, 404, 'This link is not valid', '<p>The unsubscribe link is broken or old.</p>');
      await db
        .insert(emailSuppressions)
        .values({ accountId: message.accountId, email: message.to.toLowerCase(), mailMessageId: message.id })
        .onConflictDoNothing();
      const name = escapeHtml(await senderName(message.accountId));
      return page(
        reply,
        200,
        'You are unsubscribed',
        `<p>${name} will send no more marketing e-mails to <b>${escapeHtml(message.to)}</b>.</p>`,
      );
    },
  );

  app.get<{ Params: { token: string } }>(
    '/_fw/o/:token',
    { schema: schemaOf(endpoints.mail.openPixel) },
    async (request, reply) => {
      const message = await messageOf('open', request.params.token.replace(/\.gif$/, ''));
      if (message && !isBot(request.headers['user-agent'])) {
        await db
          .insert(emailTrackingEvents)
          .values({ accountId: message.accountId, mailMessageId: message.id, kind: 'open' });
      }
      return reply
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store, max-age=0')
        .send(PIXEL);
    },
  );

  app.get<{ Params: { token: string }; Querystring: { u?: string; h?: string } }>(
    '/_fw/c/:token',
    { schema: schemaOf(endpoints.mail.clickLink) },
    async (request, reply) => {
      const id = readMessageToken(key, 'click', request.params.token);
      const url = request.query.u ?? '';
      if (id === null || !/^https?:\/\//i.test(url) || !clickMatches(key, id, url, request.query.h)) {
        return page(reply, 404, 'This link is not valid', '<p>The link is broken or old.</p>');
      }
      const message = await messageOf('click', request.params.token);
      if (message && !isBot(request.headers['user-agent'])) {
        await db.insert(emailTrackingEvents).values({
          accountId: message.accountId,
          mailMessageId: message.id,
          kind: 'click',
          url: url.slice(0, 2000),
        });
      }
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(url, 302);
    },
  );
}
