import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, emailTrackingEvents, mailMessages } from '../db/schema/index.ts';
import { createGatewayRegistry } from '../gateways/registry.ts';
import { createSandboxGateway } from '../gateways/sandbox.ts';
import { emailWithParagraphs } from '../modules/email-templates/email-templates.fixtures.ts';
import { buyMain, leaveOffers, shopWithFunnel } from '../runtime/checkout/checkout.fixtures.ts';
import { type TestApp, waitFor } from '../test/harness.ts';
import { partOf, type SmtpPeer, startSmtpApp, stopSmtpApp } from '../test/smtp.ts';
import { isBot, marketingLinks, messageToken, readMessageToken } from './marketing.ts';

let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  ({ t, smtp } = await startSmtpApp({
    gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
  }));
});
afterAll(() => stopSmtpApp({ t, smtp }));

type Shop = Awaited<ReturnType<typeof shopWithFunnel>>;
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

/** An active automation that mails each buyer; `track` as the step says it, or left out (the default). */
async function automationSending(shop: Shop, track?: boolean) {
  const template = await shop.api.post(`users/${shop.owner.userId}/email-templates`, {
    name: `News ${Date.now()}`,
    config: JSON.stringify(
      emailWithParagraphs(
        'Hello {{first_name}}, read <a href="https://blog.example/post?a=1&b=2">our post</a>.',
      ),
    ),
  });
  const automation = await shop.api.post('automations', {
    name: 'Follow-up',
    trigger: { id: 'purchase' },
    steps: [
      {
        type: 'send_email',
        email_template_id: template.json().data.id,
        to: 'customer',
        subject: 'Follow-up',
        ...(track !== undefined && { track }),
      },
    ],
  });
  expect(automation.statusCode, automation.body).toBe(201);
  await shop.api.post(`automations/${automation.json().data.id}/activate`, {});
  return automation.json().data.id as number;
}

let n = 0;
async function buy(shop: Shop, email = `reader-${++n}-${Date.now()}@example.test`) {
  const res = await buyMain(t.app, shop, { email, first_name: 'Rae' });
  expect(res.statusCode, res.body).toBe(201);
  // The shopper declines the offer: the order is confirmed ('order.paid') at once.
  await leaveOffers(t.app, shop, res.json().data);
  return email;
}

const unfolded = (raw: string) =>
  raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\r\n\s+/g, ' ');
const followUpTo = (email: string) =>
  smtp.received.find((m) => m.to.includes(email) && m.raw.includes('Subject: Follow-up'));
const linkIn = (html: string, pattern: RegExp) => {
  const found = pattern.exec(html)?.[1];
  expect(found, String(pattern)).toBeTruthy();
  return (found as string).replace(/&amp;/g, '&');
};
/** The HTML part as sent (the SMTP peer's copy is transfer-encoded), as the shop's Mailbox shows it. */
async function storedHtml(shop: Shop, email: string) {
  const [row] = await t.database.db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.to, email), eq(mailMessages.subject, 'Follow-up')));
  const opened = await shop.api.get(`mailbox/${row?.id}`);
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().data.html as string;
}
const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

describe('marketing e-mail: unsubscribe (RFC 8058) and suppression', () => {
  it('carries List-Unsubscribe and one-click headers and a footer link; a GET asks, a POST unsubscribes', async () => {
    const shop = await shopWithFunnel(t);
    await automationSending(shop, true);
    const email = await buy(shop);
    const message = await waitFor(() => followUpTo(email));
    const raw = unfolded(message.raw);
    const header = /List-Unsubscribe: <([^>]+)>/.exec(raw)?.[1] as string;
    expect(header).toMatch(/\/_fw\/unsubscribe\/\d+\.[\w-]{22}$/);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(partOf(message.raw, 'text/plain')).toContain(`Unsubscribe: ${header}`);

    const ask = await t.app.inject({ method: 'GET', url: pathOf(header) });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('Unsubscribe');
    expect(ask.headers['content-security-policy']).toContain("default-src 'none'");
    // What a mail client's one-click button posts.
    const post = await t.app.inject({
      method: 'POST',
      url: pathOf(header),
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('You are unsubscribed');
    // "… and shown on the customer".
    const [customer] = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.accountId, shop.owner.accountId), eq(customers.email, email)));
    const shown = await shop.api.get(`customers/${customer?.id}`);
    expect(shown.json().data.marketing_unsubscribed_at).toEqual(expect.any(String));

    // The next purchase: the receipt still comes (transactional), the automation's e-mail does not.
    const before = smtp.received.filter((m) => m.to.includes(email)).length;
    await buy(shop, email);
    await waitFor(
      () =>
        smtp.received.filter((m) => m.to.includes(email) && m.raw.includes('confirmed')).length >= 2 ||
        undefined,
    );
    await new Promise((r) => setTimeout(r, 1_500));
    const after = smtp.received.filter((m) => m.to.includes(email));
    expect(after.length).toBe(before + 1);
    expect(after.filter((m) => m.raw.includes('Subject: Follow-up'))).toHaveLength(1);
  });

  it('refuses forged and malformed unsubscribe tokens with the same 404', async () => {
    for (const token of ['1.AAAAAAAAAAAAAAAAAAAAAA', 'abc', '99999999.xyz']) {
      const res = await t.app.inject({ method: 'POST', url: `/_fw/unsubscribe/${token}` });
      expect(res.statusCode, token).toBe(404);
    }
    const key = Buffer.alloc(32, 7);
    const token = messageToken(key, 'unsubscribe', 42);
    expect(readMessageToken(key, 'unsubscribe', token)).toBe(42);
    expect(readMessageToken(key, 'open', token)).toBeNull();
    expect(readMessageToken(Buffer.alloc(32, 8), 'unsubscribe', token)).toBeNull();
  });
});

describe('open and click tracking', () => {
  it('is on by default: rewrites links through a signed redirect and adds a pixel; people count once, bots never', async () => {
    const shop = await shopWithFunnel(t);
    const automation = await automationSending(shop);
    const email = await buy(shop);
    await waitFor(() => followUpTo(email));
    const html = await storedHtml(shop, email);
    const click = linkIn(html, /href="([^"]*\/_fw\/c\/[^"]+)"/);
    const pixel = linkIn(html, /src="([^"]*\/_fw\/o\/[^"]+\.gif)"/);
    expect(html).not.toContain('href="https://blog.example');

    const bot = await t.app.inject({
      method: 'GET',
      url: pathOf(click),
      headers: { 'user-agent': 'Barracuda Sentinel (EE)' },
    });
    expect(bot.statusCode).toBe(302);
    expect(bot.headers.location).toBe('https://blog.example/post?a=1&b=2');
    const person = await t.app.inject({
      method: 'GET',
      url: pathOf(click),
      headers: { 'user-agent': BROWSER },
    });
    expect(person.headers.location).toBe('https://blog.example/post?a=1&b=2');
    await t.app.inject({ method: 'GET', url: pathOf(pixel), headers: { 'user-agent': '' } });
    const opened = await t.app.inject({
      method: 'GET',
      url: pathOf(pixel),
      headers: { 'user-agent': BROWSER },
    });
    expect(opened.headers['content-type']).toBe('image/gif');
    // The same reader opening and clicking again: still one open and one click of this e-mail.
    await t.app.inject({ method: 'GET', url: pathOf(pixel), headers: { 'user-agent': BROWSER } });
    await t.app.inject({ method: 'GET', url: pathOf(click), headers: { 'user-agent': BROWSER } });

    // A link to somewhere else with the same token is refused: no open redirect.
    const forged = pathOf(click).replace(/u=[^&]+/, `u=${encodeURIComponent('https://evil.example/')}`);
    expect(
      (await t.app.inject({ method: 'GET', url: forged, headers: { 'user-agent': BROWSER } })).statusCode,
    ).toBe(404);

    const [sent] = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, email), eq(mailMessages.subject, 'Follow-up')));
    const events = await t.database.db
      .select()
      .from(emailTrackingEvents)
      .where(eq(emailTrackingEvents.mailMessageId, sent?.id as number));
    // Every visit of a person is kept; the counts take each e-mail once per kind.
    expect(events.map((e) => e.kind).sort()).toEqual(['click', 'click', 'open', 'open']);
    const stats = await shop.api.get(`automations/${automation}/email-stats`);
    expect(stats.json().data).toEqual([{ path: '0', sent: 1, opened: 1, clicked: 1 }]);
  });

  it('stores the template version once: each e-mail keeps its values and gets its own links when sent', async () => {
    const shop = await shopWithFunnel(t);
    await automationSending(shop);
    const first = await buy(shop);
    const second = await buy(shop);
    const sent = await waitFor(() => {
      const both = [followUpTo(first), followUpTo(second)];
      return both.every(Boolean) ? both : undefined;
    });
    const rows = await t.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.subject, 'Follow-up'), inArray(mailMessages.to, [first, second])));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.bodyId)).size).toBe(1);
    expect(rows[0]?.bodyId).not.toBeNull();
    expect(rows.every((row) => row.html === null && row.marketing === 'track')).toBe(true);
    // Each copy has its own signed links: the same post, two different click tokens.
    const clicks = sent.map((m) =>
      linkIn(unfolded(partOf(m?.raw as string, 'text/html')), /href="([^"]*\/_fw\/c\/[^"]+)"/),
    );
    expect(clicks[0]).not.toBe(clicks[1]);
    expect(partOf(sent[0]?.raw as string, 'text/html')).toContain('Hello Rae');
  });

  it('an e-mail with tracking off keeps its links and has no pixel, but still its unsubscribe link', async () => {
    const shop = await shopWithFunnel(t);
    await automationSending(shop, false);
    const email = await buy(shop);
    await waitFor(() => followUpTo(email));
    const html = await storedHtml(shop, email);
    expect(html).toContain('href="https://blog.example/post?a=1&b=2"');
    expect(html).not.toContain('/_fw/o/');
    expect(html).toContain('/_fw/unsubscribe/');
  });

  it('knows bots: no user agent, crawlers and mail scanners', () => {
    for (const agent of [
      undefined,
      '',
      'Googlebot/2.1',
      'Mimecast-URL-Protect',
      'python-requests/2.31',
      'Mozilla/5.0 HeadlessChrome/120',
    ]) {
      expect(isBot(agent), String(agent)).toBe(true);
    }
    expect(isBot(BROWSER)).toBe(false);
    const links = marketingLinks(Buffer.alloc(32, 1), 'https://app.example/', 7);
    expect(links.unsubscribeUrl).toMatch(/^https:\/\/app\.example\/_fw\/unsubscribe\/7\./);
  });
});
