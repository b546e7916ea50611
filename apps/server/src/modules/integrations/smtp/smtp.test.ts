import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { SMTP_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, userIntegrations } from '../../../db/schema/index.ts';
import { createGatewayRegistry } from '../../../gateways/registry.ts';
import { createSandboxGateway } from '../../../gateways/sandbox.ts';
import {
  CARD_OK,
  leaveOffers,
  newKey,
  postJson,
  shopWithFunnel,
} from '../../../runtime/checkout/checkout.fixtures.ts';
import { createTestApp, signUpOwner, type TestApp, waitFor } from '../../../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp.ts';
import { type ApiClient, apiClient } from '../../funnels/funnels.fixtures.ts';

const ID = SMTP_INTEGRATION_ID;
const USER = 'shop@merchant.example';
const PASSWORD = 'S3cret-smtp-pässword-7781';
const WRONG = 'not-the-password-4419';

const logLines: string[] = [];
const responses: string[] = [];
let t: TestApp;
/** The platform's server (SMTP_URL). */
let platform: SmtpPeer;
/** The merchant's own server, requiring a login. */
let merchant: SmtpPeer;
/** A local port nothing listens on (allowed, so the refusal is the connection's, not the SSRF guard's). */
let closedPort: number;
/** The merchant's server offering STARTTLS (login only after the upgrade), and one with implicit TLS. */
let starttls: TlsPeer;
let implicitTls: TlsPeer;
/** Implicit TLS with a certificate nobody trusts. */
let untrusted: TlsPeer;

/**
 * A self-signed certificate for 127.0.0.1, made with the system's openssl (node's crypto makes keys
 * but signs no certificates, and no certificate library is a dependency).
 */
function selfSigned(name: string): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fw-smtp-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${name}`,
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type TlsPeer = {
  port: number;
  /** Each login with whether the connection was encrypted by then. */
  logins: Array<{ username: string; secure: boolean }>;
  received: Array<{ to: string[]; secure: boolean }>;
  close(): Promise<void>;
};

/** A real SMTP server with TLS (STARTTLS, or implicit from the first byte) requiring USER/PASSWORD. */
async function startTlsPeer(tls: { key: string; cert: string }, implicit: boolean): Promise<TlsPeer> {
  const logins: TlsPeer['logins'] = [];
  const received: TlsPeer['received'] = [];
  const server = new SMTPServer({
    secure: implicit,
    key: tls.key,
    cert: tls.cert,
    // No AUTH over a plain connection: a STARTTLS client must upgrade first.
    allowInsecureAuth: false,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    closeTimeout: 100,
    onAuth(login, session, callback) {
      logins.push({ username: login.username ?? '', secure: session.secure });
      if (login.username !== USER || login.password !== PASSWORD) {
        return callback(new Error('Authentication credentials invalid'));
      }
      callback(null, { user: login.username });
    },
    onData(stream, session, callback) {
      stream.toArray().then(() => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), secure: session.secure });
        callback();
      }, callback);
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, logins, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

beforeAll(async () => {
  platform = await startSmtpPeer();
  merchant = await startSmtpPeer({ auth: { username: USER, password: PASSWORD } });
  const closed = await startSmtpPeer();
  closedPort = closed.port;
  await closed.close();
  const trusted = selfSigned('127.0.0.1');
  starttls = await startTlsPeer(trusted, false);
  implicitTls = await startTlsPeer(trusted, true);
  untrusted = await startTlsPeer(selfSigned('127.0.0.1'), true);
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString('utf8')));
  t = await createTestApp({
    logStream,
    startQueue: true,
    gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
    config: {
      logLevel: 'trace',
      smtpUrl: platform.url,
      outboundAllowHosts: [
        `127.0.0.1:${merchant.port}`,
        `127.0.0.1:${closedPort}`,
        ...[starttls, implicitTls, untrusted].map((peer) => `127.0.0.1:${peer.port}`),
      ],
      // The tests' own CA: trusted besides the system's; certificates are still verified.
      smtpTlsCa: trusted.cert,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await platform?.close();
  await merchant?.close();
  await Promise.all([starttls, implicitTls, untrusted].map((peer) => peer?.close()));
});

/** Every answer is kept, to check none of them carries the password. */
function recorded(api: ApiClient): ApiClient {
  return new Proxy(api, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const res = await (value as (...a: unknown[]) => Promise<{ body: string }>).apply(target, args);
        responses.push(res.body);
        return res;
      };
    },
  }) as ApiClient;
}

const fields = (overrides: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: String(merchant.port),
  security: 'none',
  username: USER,
  password: PASSWORD,
  from_address: 'Orders@Merchant.example',
  ...overrides,
});

async function connect(api: ApiClient) {
  const res = await api.post('connect', { integration_id: ID, fields: fields() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; settings: Record<string, unknown>; secrets: string[] };
}

/** A purchase in the shop's published checkout (in `on`, the suite's app unless given); the buyer's e-mail. */
async function buy(shop: Awaited<ReturnType<typeof shopWithFunnel>>, on: TestApp = t) {
  const email = `buyer-${newKey()}@example.test`;
  const res = await postJson(on.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    customer: { email, first_name: 'Bea', shipping_address: '2 Low Road' },
    payment: CARD_OK,
    idempotency_key: newKey(),
    items: [{ product_id: shop.main.id }],
  });
  expect(res.statusCode, res.body).toBe(201);
  // The shopper declines the offer: the order is confirmed ('order.paid') at once.
  await leaveOffers(on.app, shop, res.json().data);
  return email;
}

const to = (peer: SmtpPeer, email: string) => peer.received.filter((m) => m.to.includes(email));

describe('the SMTP sender in the catalogue', () => {
  it('is available with its connect form and its methods', async () => {
    const api = recorded(apiClient(t.app, (await signUpOwner(t.app)).auth));
    const list = (await api.get('integrations')).json().data as Array<Record<string, unknown>>;
    const entry = list.find((i) => i.id === ID);
    expect(entry).toMatchObject({ name: 'SMTP sender', available: true, status: 'Not connected' });
    expect(
      ((entry?.connect_fields ?? []) as Array<{ key: string; type: string }>).map((f) => [f.key, f.type]),
    ).toEqual([
      ['host', 'text'],
      ['security', 'text'],
      ['port', 'text'],
      ['username', 'text'],
      ['password', 'secret'],
      ['from_address', 'text'],
    ]);
    expect(((entry?.methods ?? []) as Array<{ name: string }>).map((m) => m.name)).toEqual([
      'test',
      'send-test',
    ]);
  });
});

describe('connecting the SMTP sender', () => {
  it('names the bad field (400) without talking to the server', async () => {
    const api = recorded(apiClient(t.app, (await signUpOwner(t.app)).auth));
    const before = merchant.logins.length;
    for (const [input, field, message] of [
      [{ host: '' }, 'host', 'host: is required'],
      [{ host: 'smtp example.com' }, 'host', 'host: is not a host name or IP address'],
      [{ security: 'ssl' }, 'security', 'security: must be none, starttls or tls'],
      [{ security: '' }, 'security', 'security: is required'],
      [{ port: '70000' }, 'port', 'port: must be a whole number from 1 to 65535'],
      [{ port: 'abc' }, 'port', 'port: must be a whole number'],
      [{ from_address: 'not-an-address' }, 'from_address', 'from_address: must be an e-mail address'],
      [{ password: '' }, 'password', 'password: is required with a user name'],
    ] as const) {
      const res = await api.post('connect', { integration_id: ID, fields: fields(input) });
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field });
      expect(res.json().error.message).toContain(message);
    }
    expect(merchant.logins.length).toBe(before);
    expect((await api.get('user-integrations')).json().data).toEqual([]);
  });

  it('refuses private, loopback and metadata hosts (400 on host) unless allowed', async () => {
    const api = recorded(apiClient(t.app, (await signUpOwner(t.app)).auth));
    for (const [host, port] of [
      ['127.0.0.1', '25'],
      ['10.1.2.3', String(merchant.port)],
      ['169.254.169.254', '25'],
      ['::1', '25'],
      ['2130706433', '25'],
      ['0x7f000001', '25'],
    ] as const) {
      const res = await api.post('connect', { integration_id: ID, fields: fields({ host, port }) });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().error.field).toBe('host');
      expect(res.json().error.message).toMatch(/not a public address/);
    }
  });

  it('a login the server refuses is a 422 with its reason, and nothing is stored', async () => {
    const api = recorded(apiClient(t.app, (await signUpOwner(t.app)).auth));
    const res = await api.post('connect', { integration_id: ID, fields: fields({ password: WRONG }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'integration_error', field: 'password' });
    expect(res.json().error.message).toContain('The SMTP server refused the user name or password');
    expect(res.json().error.message).toContain('535');
    expect(res.json().error.message).toContain('Authentication credentials invalid');
    expect(merchant.logins.at(-1)).toEqual({ username: USER, accepted: false });
    expect((await api.get('user-integrations')).json().data).toEqual([]);
  });

  it('a server that is not there is a 422 naming the host', async () => {
    const api = recorded(apiClient(t.app, (await signUpOwner(t.app)).auth));
    const res = await api.post('connect', {
      integration_id: ID,
      fields: fields({ port: String(closedPort) }),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.field).toBe('host');
    expect(res.json().error.message).toContain(`Could not reach the SMTP server 127.0.0.1:${closedPort}`);
  });

  it('applies the security setting: starttls to a server without STARTTLS, tls to a plain one, are refused', async () => {
    const api = recorded(apiClient(t.app, (await signUpOwner(t.app)).auth));
    const logins = merchant.logins.length;
    for (const security of ['starttls', 'tls']) {
      const res = await api.post('connect', { integration_id: ID, fields: fields({ security }) });
      expect(res.statusCode, security).toBe(422);
      expect(res.json().error.code).toBe('integration_error');
    }
    // Neither sent the password over the plain connection.
    expect(merchant.logins.length).toBe(logins);
    expect((await api.get('user-integrations')).json().data).toEqual([]);
  });

  it('good credentials connect; test and send-test log in again; the password is kept when left empty', async () => {
    const api = recorded(apiClient(t.app, (await signUpOwner(t.app)).auth));
    const connected = await connect(api);
    expect(connected.settings).toEqual({
      host: '127.0.0.1',
      port: merchant.port,
      security: 'none',
      username: USER,
      from_address: 'orders@merchant.example',
    });
    expect(connected.secrets).toEqual(['password']);
    expect(merchant.logins.at(-1)).toEqual({ username: USER, accepted: true });
    const [row] = await t.database.db
      .select()
      .from(userIntegrations)
      .where(eq(userIntegrations.id, connected.id));
    expect(row?.secretsSealed).toBeTruthy();
    expect(row?.secretsSealed).not.toContain(PASSWORD);
    expect(JSON.stringify(row?.settings)).not.toContain(PASSWORD);

    const logins = merchant.logins.length;
    const tested = await api.post(`call-integration-method/${connected.id}/test`, {});
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data).toEqual({
      ok: true,
      message: `127.0.0.1:${merchant.port} accepted the login`,
    });
    expect(merchant.logins.length).toBe(logins + 1);

    const bad = await api.post(`call-integration-method/${connected.id}/send-test`, { to: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('to');
    const sent = await api.post(`call-integration-method/${connected.id}/send-test`, {
      to: 'me@merchant.example',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ sent: true, to: 'me@merchant.example' });
    const message = to(merchant, 'me@merchant.example')[0];
    expect(message?.from).toBe('orders@merchant.example');
    expect(message?.raw).toContain('Subject: Funnelwork: test e-mail through your SMTP server');
    expect(to(platform, 'me@merchant.example')).toEqual([]);

    // Reconnecting with the password left empty keeps the stored one (and still logs in with it).
    const again = await api.post('connect', { integration_id: ID, fields: fields({ password: '' }) });
    expect(again.statusCode, again.body).toBe(200);
    expect(merchant.logins.at(-1)).toEqual({ username: USER, accepted: true });
  });
});

describe("the account's e-mails go through its own server", () => {
  it("a purchase's receipt reaches the merchant's server, not the platform's; after disconnect the platform's again", async () => {
    const shop = await shopWithFunnel(t);
    const api = recorded(shop.api);
    const { id } = await connect(api);

    const first = await buy(shop);
    const mine = await waitFor(() => to(merchant, first)[0]);
    expect(mine.from).toBe('orders@merchant.example');
    expect(mine.raw).toMatch(/^From: .*orders@merchant\.example/m);
    expect(mine.raw).toMatch(/^Message-ID: <fw-mail-\d+@merchant\.example>/m);
    await waitFor(async () => {
      const rows = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, first));
      return rows.length > 0 && rows.every((r) => r.status === 'sent') ? rows : undefined;
    });
    expect(to(platform, first)).toEqual([]);

    // Switched off: the platform's server again; switched on and then disconnected: the platform's too.
    const off = await api.patch(`user-integrations/${id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    const second = await buy(shop);
    await waitFor(() => to(platform, second)[0]);
    expect(to(merchant, second)).toEqual([]);

    expect((await api.patch(`user-integrations/${id}`, { active: true })).statusCode).toBe(200);
    const gone = await api.post('disconnect', { id });
    expect(gone.json().data).toMatchObject({ connected: false, secrets: [] });
    const third = await buy(shop);
    const theirs = await waitFor(() => to(platform, third)[0]);
    expect(theirs.from).not.toBe('orders@merchant.example');
    expect(to(merchant, third)).toEqual([]);
  });

  it("a receipt the merchant's busy server refuses for now (451) is retried through it and arrives once", async () => {
    const shop = await shopWithFunnel(t);
    await connect(recorded(shop.api));
    merchant.refuseNext(1);
    const email = await buy(shop);
    await waitFor(async () => {
      const rows = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, email));
      return rows[0]?.error?.includes('451') ? rows : undefined;
    });
    const arrived = await waitFor(() => to(merchant, email)[0], 60_000);
    expect(arrived.from).toBe('orders@merchant.example');
    await waitFor(async () => {
      const rows = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, email));
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(to(merchant, email)).toHaveLength(1);
    expect(to(platform, email)).toEqual([]);
  }, 90_000);

  it("the platform's own mails (an invitation) stay on the platform's server", async () => {
    const shop = await shopWithFunnel(t);
    const api = recorded(shop.api);
    await connect(api);
    const invitee = `staff-${newKey()}@example.test`;
    const res = await api.post('settings/staff', { email: invitee, permissions: { funnels: true } });
    expect([200, 201], res.body).toContain(res.statusCode);
    await waitFor(() => to(platform, invitee)[0]);
    expect(to(merchant, invitee)).toEqual([]);
  });
});

describe('the password', () => {
  it('is in no answer and no log line', () => {
    expect(responses.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(0);
    for (const text of [...responses, logLines.join('')]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(WRONG);
      expect(text).not.toContain(Buffer.from(`\u0000${USER}\u0000${PASSWORD}`).toString('base64'));
    }
  });
});

describe('without the platform server (no SMTP_URL)', () => {
  it("the account's e-mails still go out through its own server; the platform's stay in the Mailbox", async () => {
    const local = await createTestApp({
      startQueue: true,
      gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
      config: { outboundAllowHosts: [`127.0.0.1:${merchant.port}`] },
    });
    try {
      const shop = await shopWithFunnel(local);
      await connect(recorded(shop.api));
      const email = await buy(shop, local);
      await waitFor(() => to(merchant, email)[0]);
      const invitee = `staff-${newKey()}@example.test`;
      const invited = await shop.api.post('settings/staff', {
        email: invitee,
        permissions: { funnels: true },
      });
      expect([200, 201], invited.body).toContain(invited.statusCode);
      const [invitation] = await local.database.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.to, invitee));
      expect(invitation).toMatchObject({ status: 'stored', accountServer: false });
      expect(to(merchant, invitee)).toEqual([]);
    } finally {
      await local.close();
    }
    // A second app of its own (database, queue) to build: more than the default 30 s on a loaded machine.
  }, 90_000);
});

describe('the SMTP sender over TLS', () => {
  it('upgrades with STARTTLS before logging in, and speaks implicit TLS from the first byte', async () => {
    for (const [security, peer] of [
      ['starttls', starttls],
      ['tls', implicitTls],
    ] as const) {
      const api = recorded(apiClient(t.app, (await signUpOwner(t.app)).auth));
      const res = await api.post('connect', {
        integration_id: ID,
        fields: fields({ security, port: String(peer.port) }),
      });
      expect(res.statusCode, `${security}: ${res.body}`).toBe(200);
      expect(res.json().data.settings).toMatchObject({ security, port: peer.port });
      // The login came over an encrypted connection (the STARTTLS peer refuses it otherwise).
      expect(peer.logins.at(-1)).toEqual({ username: USER, secure: true });
      const sent = await api.post(`call-integration-method/${res.json().data.id}/send-test`, {
        to: `tls-${security}@example.test`,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(peer.received.at(-1)).toEqual({ to: [`tls-${security}@example.test`], secure: true });
    }
  });

  it('refuses a certificate it cannot verify, and a STARTTLS server reached without the upgrade', async () => {
    const api = recorded(apiClient(t.app, (await signUpOwner(t.app)).auth));
    const refused = await api.post('connect', {
      integration_id: ID,
      fields: fields({ security: 'tls', port: String(untrusted.port) }),
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.message).toMatch(/certificate/i);
    expect(untrusted.logins).toHaveLength(0);
    // security 'none' to the STARTTLS server: it will not take the password in clear.
    const plain = await api.post('connect', {
      integration_id: ID,
      fields: fields({ security: 'none', port: String(starttls.port) }),
    });
    expect(plain.statusCode, plain.body).toBe(422);
    expect((await api.get('user-integrations')).json().data).toEqual([]);
  });
});
