import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '@funnelwork/blocks';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailSuppressions } from '../db/schema/index.ts';

/**
 * Marketing e-mail (what automations send): an unsubscribe link and RFC 8058 one-click headers, and
 * optionally open and click tracking through the server. Every link names its message and carries an
 * HMAC of what it does, so nobody can unsubscribe another address or make the server redirect anywhere.
 */
export function marketingKeyFrom(serverSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'funnelwork', 'marketing-mail/v1', 32));
}

const sign = (key: Buffer, text: string) =>
  createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);

function matches(key: Buffer, text: string, given: string | undefined): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(sign(key, text));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** `{messageId}.{signature}` for one purpose ('unsubscribe', 'open', 'click'). */
export function messageToken(key: Buffer, purpose: string, messageId: number): string {
  return `${messageId}.${sign(key, `${purpose}:${messageId}`)}`;
}

/** The message id of a token of that purpose, or null for anything forged or malformed. */
export function readMessageToken(key: Buffer, purpose: string, token: string): number | null {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return matches(key, `${purpose}:${id}`, match[2]) ? id : null;
}

export const clickSignature = (key: Buffer, messageId: number, url: string) =>
  sign(key, `click:${messageId}:${url}`);
export const clickMatches = (key: Buffer, messageId: number, url: string, given: string | undefined) =>
  matches(key, `click:${messageId}:${url}`, given);

export type MarketingLinks = { unsubscribeUrl: string; openUrl: string; clickUrl: (url: string) => string };

export function marketingLinks(key: Buffer, publicUrl: string, messageId: number): MarketingLinks {
  const base = publicUrl.replace(/\/$/, '');
  return {
    unsubscribeUrl: `${base}/_fw/unsubscribe/${messageToken(key, 'unsubscribe', messageId)}`,
    openUrl: `${base}/_fw/o/${messageToken(key, 'open', messageId)}.gif`,
    clickUrl: (url) =>
      `${base}/_fw/c/${messageToken(key, 'click', messageId)}?u=${encodeURIComponent(url)}&h=${clickSignature(key, messageId, url)}`,
  };
}

/** RFC 8058: the one-click unsubscribe headers a mail client's button posts to. */
export function unsubscribeHeaders(links: MarketingLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const HREF = /(<a\b[^>]*?\bhref\s*=\s*")(https?:\/\/[^"]+)(")/gi;

/**
 * A marketing e-mail's HTML and text: the unsubscribe footer added; with tracking, its http(s) links
 * rewritten through the click redirect and the open pixel added before `</body>`.
 */
export function marketingParts(
  copy: { html: string; text: string },
  links: MarketingLinks,
  track: boolean,
): { html: string; text: string } {
  let html = copy.html;
  if (track) {
    html = html.replace(HREF, (_all, before: string, url: string, after: string) => {
      const decoded = url.replace(/&amp;/g, '&');
      return `${before}${escapeHtml(links.clickUrl(decoded))}${after}`;
    });
  }
  const footer = `<div style="font-family:Arial,sans-serif;font-size:12px;color:#868e96;text-align:center;padding:16px">You receive this e-mail from us as a customer. <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#868e96">Unsubscribe</a></div>`;
  const pixel = track
    ? `<img src="${escapeHtml(links.openUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`
    : '';
  html = html.includes('</body>')
    ? html.replace('</body>', `${footer}${pixel}</body>`)
    : `${html}${footer}${pixel}`;
  return { html, text: `${copy.text}\n\n--\nUnsubscribe: ${links.unsubscribeUrl}` };
}

/** Prefetches that are not a person: no user agent, crawlers and the mail scanners of gateways. */
const BOT =
  /bot|crawl|spider|slurp|preview|scanner|barracuda|proofpoint|mimecast|messagelabs|symantec|trendmicro|headless|python-requests|curl\/|wget|go-http-client/i;
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.trim() === '' || BOT.test(userAgent);
}

/** Whether an address unsubscribed from the account's marketing e-mail. */
export async function isSuppressed(db: Db, accountId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailSuppressions.id })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.accountId, accountId),
        sql`lower(${emailSuppressions.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row !== undefined;
}
