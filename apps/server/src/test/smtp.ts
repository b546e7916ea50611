import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../config.ts';
import type { GatewayRegistry } from '../gateways/registry.ts';
import { createTestApp, type TestApp } from './harness.ts';

export type ReceivedMail = {
  /** The envelope's recipients. */
  to: string[];
  /** The envelope's sender. */
  from: string;
  /** The message as it came, headers and encoded parts. */
  raw: string;
};

export type SmtpPeer = {
  url: string;
  port: number;
  /** The user names of every AUTH the peer accepted or refused, in order (an authenticating peer). */
  logins: Array<{ username: string; accepted: boolean }>;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  /** The next `count` messages are refused with a temporary error (451), as a busy server does. */
  refuseNext(count: number): void;
  close(): Promise<void>;
};

/**
 * A real SMTP server on a free local port that accepts every message (for SMTP_URL in tests). With
 * `auth` it requires a login (AUTH PLAIN or LOGIN, over the plain connection) and refuses other
 * credentials with 535, as a merchant's own server does.
 */
export async function startSmtpPeer(
  options: { auth?: { username: string; password: string } } = {},
): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const logins: SmtpPeer['logins'] = [];
  let refuse = 0;
  const { auth } = options;
  const server = new SMTPServer({
    authOptional: !auth,
    ...(auth && {
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth(login, _session, callback) {
        const accepted = login.username === auth.username && login.password === auth.password;
        logins.push({ username: login.username ?? '', accepted });
        if (!accepted) return callback(new Error('Authentication credentials invalid'));
        callback(null, { user: login.username });
      },
    }),
    disabledCommands: ['STARTTLS'],
    logger: false,
    // close() ends open (pooled) client connections after this long; the default waits 30 s.
    closeTimeout: 100,
    onData(stream, session, callback) {
      stream.toArray().then((chunks: Buffer[]) => {
        if (refuse > 0) {
          refuse--;
          return callback(Object.assign(new Error('451 try again later'), { responseCode: 451 }));
        }
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      }, callback);
    },
  });
  // A client killed mid-session resets its connection; that is the client's business, not the test's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    logins,
    received,
    refuseNext: (count) => {
      refuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The decoded body of a message's first part of this content type (`text/html`, `text/plain`), whether
 * it came base64 or quoted-printable; throws when the message has no such part.
 */
export function partOf(raw: string, type: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  // A single-part message: its own headers name the type and encoding.
  const start = boundary === undefined ? 0 : raw.indexOf(`Content-Type: ${type}`);
  const bodyAt = raw.indexOf('\r\n\r\n', start);
  const headers = raw.slice(start, bodyAt);
  if (start === -1 || !headers.includes(`Content-Type: ${type}`)) throw new Error(`no ${type} part`);
  const end = boundary === undefined ? -1 : raw.indexOf(`\r\n--${boundary}`, bodyAt);
  const body = raw.slice(bodyAt + 4, end === -1 ? undefined : end);
  const encoding = /Content-Transfer-Encoding: *([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The test app with SMTP_URL at a fresh SMTP peer and its job queue running (mail goes out). */
export async function startSmtpApp(
  options: { config?: Partial<Config>; gateways?: GatewayRegistry } = {},
): Promise<{ t: TestApp; smtp: SmtpPeer }> {
  const smtp = await startSmtpPeer();
  const t = await createTestApp({
    ...options,
    config: { ...options.config, smtpUrl: smtp.url },
    startQueue: true,
  });
  return { t, smtp };
}

/** Closes what startSmtpApp started. */
export async function stopSmtpApp({ t, smtp }: { t?: TestApp; smtp?: SmtpPeer }): Promise<void> {
  await t?.close();
  await smtp?.close();
}
