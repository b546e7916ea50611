import { isIP } from 'node:net';
import { SMTP_INTEGRATION_ID } from '@funnelwork/domain/integrations/catalogue';
import { and, eq, isNotNull } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { userIntegrations } from '../../../db/schema/index.ts';
import { OutboundRefusedError, type SafeFetch } from '../../../net/safe-fetch.ts';
import {
  type Connection,
  type IntegrationAdapter,
  IntegrationError,
  integrationMethod,
} from '../integrations.adapter.ts';
import { fieldText } from '../integrations.http.ts';
import type { SecretsBox } from '../integrations.secrets.ts';

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** What a connection stores in clear (shown on screen); the password is its only secret. */
export type SmtpSettings = {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  from_address: string;
};

/** The usual port of each security mode (RFC 8314: 465 implicit TLS, RFC 6409: 587 submission). */
const DEFAULT_PORT: Record<SmtpSecurity, number> = { none: 25, starttls: 587, tls: 465 };
const HOST_NAME = /^(?=.{1,253}$)(?!-)[A-Za-z0-9-]{1,63}(?<!-)(?:\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?$/;
const email = z.email();

/** Timeouts of one SMTP exchange: a server that does not answer is given up on, not waited for. */
export type SmtpTimeouts = { connectionMs: number; socketMs: number };
const DEFAULT_TIMEOUTS: SmtpTimeouts = { connectionMs: 10_000, socketMs: 30_000 };

const bad = (field: string, message: string) => new IntegrationError(`${field}: ${message}`, 400, field);

/** The connect form checked: the settings to store, and the password (entered, or kept from before). */
function checkFields(
  fields: Record<string, unknown>,
  previous: Connection | null,
): { settings: SmtpSettings; password: string } {
  const host = fieldText(fields, 'host').toLowerCase().replace(/\.$/, '');
  if (!host) throw bad('host', 'is required');
  if (!isIP(host) && !HOST_NAME.test(host)) throw bad('host', 'is not a host name or IP address');
  const securityText = fieldText(fields, 'security').toLowerCase();
  if (!securityText) throw bad('security', 'is required (none, starttls or tls)');
  if (!(SMTP_SECURITY as readonly string[]).includes(securityText)) {
    throw bad('security', 'must be none, starttls or tls');
  }
  const security = securityText as SmtpSecurity;
  const rawPort = fields.port;
  const portText = typeof rawPort === 'number' ? String(rawPort) : fieldText(fields, 'port');
  const port = portText === '' ? DEFAULT_PORT[security] : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw bad('port', 'must be a whole number from 1 to 65535');
  }
  const username = fieldText(fields, 'username');
  if (username.length > 255) throw bad('username', 'is longer than 255 characters');
  const fromAddress = fieldText(fields, 'from_address').toLowerCase();
  if (!fromAddress) throw bad('from_address', 'is required');
  if (fromAddress.length > 254 || !email.safeParse(fromAddress).success) {
    throw bad('from_address', 'must be an e-mail address');
  }
  // The password is not echoed back to the form: left empty, the stored one is kept.
  const entered = typeof fields.password === 'string' ? fields.password : '';
  if (entered.length > 1024) throw bad('password', 'is longer than 1024 characters');
  const password = entered !== '' ? entered : (previous?.secrets.password ?? '');
  if (username && !password) throw bad('password', 'is required with a user name');
  return { settings: { host, port, security, username, from_address: fromAddress }, password };
}

function settingsOf(connection: Connection): SmtpSettings {
  const s = connection.settings as Partial<SmtpSettings>;
  if (!s.host || !s.port || !s.security || !s.from_address) {
    throw new IntegrationError('Reconnect the SMTP sender: its settings are incomplete');
  }
  return {
    host: s.host,
    port: s.port,
    security: s.security,
    username: s.username ?? '',
    from_address: s.from_address,
  };
}

/**
 * A nodemailer transport to the merchant's server: the host checked as any merchant-given address
 * (no private, loopback, link-local or metadata address after DNS; OUTBOUND_ALLOW_HOSTS excepted) and the
 * connection made to that checked address, TLS still verifying the certificate for the host name.
 */
export async function openSmtpTransport(
  settings: SmtpSettings,
  password: string,
  fetch: SafeFetch,
  options: {
    pool?: boolean;
    timeouts?: SmtpTimeouts;
    /**
     * Certificates trusted besides the system's (PEM), for tests' self-signed servers. Only adds trust:
     * the certificate is always verified (rejectUnauthorized is never turned off).
     */
    ca?: string;
  } = {},
): Promise<Transporter> {
  let pinned: { address: string };
  try {
    pinned = await fetch.checkHost(settings.host, settings.port);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof OutboundRefusedError) throw bad('host', reason);
    throw new IntegrationError(`host: ${reason}`, 422, 'host');
  }
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  return nodemailer.createTransport({
    host: pinned.address,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    // 'none' is what the merchant chose: no STARTTLS upgrade a misconfigured server could fail.
    ignoreTLS: settings.security === 'none',
    tls: {
      ...(isIP(settings.host) ? {} : { servername: settings.host }),
      ...(options.ca ? { ca: options.ca } : {}),
    },
    ...(settings.username ? { auth: { user: settings.username, pass: password } } : {}),
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.connectionMs,
    socketTimeout: timeouts.socketMs,
    logger: false,
    debug: false,
    ...(options.pool ? { pool: true, maxConnections: 3 } : {}),
  });
}

/** The server's refusal as the merchant can read it, never with the password in it. */
function refusalOf(error: unknown, settings: SmtpSettings, password: string): IntegrationError {
  const smtp = error as { code?: string; response?: string; message?: string };
  let reason = (smtp.response || smtp.message || String(error)).trim();
  if (password) reason = reason.split(password).join('•••');
  if (smtp.code === 'EAUTH') {
    return new IntegrationError(
      `The SMTP server refused the user name or password: ${reason}`,
      422,
      'password',
    );
  }
  if (smtp.code === 'ECONNECTION' || smtp.code === 'ETIMEDOUT' || smtp.code === 'ESOCKET') {
    return new IntegrationError(
      `Could not reach the SMTP server ${settings.host}:${settings.port}: ${reason}`,
      422,
      'host',
    );
  }
  return new IntegrationError(`The SMTP server refused: ${reason}`, 422);
}

async function verify(
  settings: SmtpSettings,
  password: string,
  fetch: SafeFetch,
  { timeouts, ca }: { timeouts?: SmtpTimeouts; ca?: string },
) {
  const transport = await openSmtpTransport(settings, password, fetch, { timeouts, ca });
  try {
    await transport.verify();
  } catch (error) {
    throw refusalOf(error, settings, password);
  } finally {
    transport.close();
  }
}

/**
 * The SMTP sender: the account's own mail server for its e-mails. `connect` and `test` log in with
 * nodemailer's `verify()` (EHLO, STARTTLS or TLS, AUTH); `send-test` sends one message. The mail job
 * sends the account's e-mails through it (`createSmtpSenders`).
 */
export function createSmtpAdapter({
  timeouts,
  ca,
}: {
  timeouts?: SmtpTimeouts;
  /** Extra trusted certificates (PEM): tests' self-signed servers only (`Config.smtpTlsCa`). */
  ca?: string;
} = {}): IntegrationAdapter {
  return {
    integrationId: SMTP_INTEGRATION_ID,
    customConnect: false,
    connectFields: [
      { key: 'host', label: 'SMTP server', type: 'text', required: true, help: 'e.g. smtp.example.com' },
      {
        key: 'security',
        label: 'Security',
        type: 'text',
        required: true,
        help: 'none, starttls or tls (TLS from the first byte, usually port 465)',
      },
      {
        key: 'port',
        label: 'Port',
        type: 'text',
        required: false,
        help: 'Empty: 25 (none), 587 (starttls) or 465 (tls)',
      },
      { key: 'username', label: 'User name', type: 'text', required: false },
      {
        key: 'password',
        label: 'Password',
        type: 'secret',
        required: false,
        help: 'Leave empty to keep the current password.',
      },
      {
        key: 'from_address',
        label: 'From address',
        type: 'text',
        required: true,
        help: 'The address your e-mails are sent from; your server must allow it.',
      },
    ],

    async connect({ fields, previous }, context) {
      const { settings, password } = checkFields(fields, previous);
      await verify(settings, password, context.fetch, { timeouts, ca });
      const secrets: Record<string, string> = password ? { password } : {};
      return { settings, secrets };
    },

    async test(connection, context) {
      const settings = settingsOf(connection);
      await verify(settings, connection.secrets.password ?? '', context.fetch, { timeouts, ca });
      return { ok: true, message: `${settings.host}:${settings.port} accepted the login` };
    },

    methods: {
      'send-test': integrationMethod({
        description: 'Sends one test e-mail through the SMTP server to an address.',
        permission: 'member',
        input: z.object({ to: z.email('to must be an e-mail address').max(254) }),
        run: async (connection, input, context) => {
          const settings = settingsOf(connection);
          const password = connection.secrets.password ?? '';
          const transport = await openSmtpTransport(settings, password, context.fetch, { timeouts, ca });
          try {
            const info = await transport.sendMail({
              from: settings.from_address,
              to: input.to,
              subject: 'Funnelwork: test e-mail through your SMTP server',
              text: `This e-mail was sent through ${settings.host}:${settings.port}. Your account's e-mails will be sent this way.`,
            });
            return { sent: true, to: input.to, message_id: info.messageId, response: info.response };
          } catch (error) {
            throw refusalOf(error, settings, password);
          } finally {
            transport.close();
          }
        },
      }),
    },
  };
}

/** An account's own server for one mail job: its transport, the From address, and close() after. */
export type AccountSmtpSender = { transport: Transporter; fromAddress: string; close(): void };

/**
 * The mail job's view of SMTP sender connections: whether an account has an active one, and a pooled
 * transport to it with the password opened only in memory (never stored opened, never logged).
 */
export function createSmtpSenders({
  db,
  box,
  fetch,
  timeouts,
  ca,
}: {
  db: Db;
  box: SecretsBox;
  fetch: SafeFetch;
  timeouts?: SmtpTimeouts;
  /** Extra trusted certificates (PEM): tests' self-signed servers only. */
  ca?: string;
}) {
  async function rowOf(accountId: number, tx: Db = db) {
    const [row] = await tx
      .select()
      .from(userIntegrations)
      .where(
        and(
          eq(userIntegrations.accountId, accountId),
          eq(userIntegrations.integrationId, SMTP_INTEGRATION_ID),
          eq(userIntegrations.active, true),
          isNotNull(userIntegrations.connectedAt),
        ),
      );
    return row;
  }
  return {
    async has(accountId: number, tx?: Db): Promise<boolean> {
      return (await rowOf(accountId, tx)) !== undefined;
    },
    async open(accountId: number): Promise<AccountSmtpSender | null> {
      const row = await rowOf(accountId);
      if (!row) return null;
      const secrets = row.secretsSealed
        ? box.open({ accountId, integrationId: SMTP_INTEGRATION_ID }, row.secretsSealed)
        : {};
      const settings = settingsOf({
        id: row.id,
        accountId,
        integrationId: row.integrationId,
        active: row.active,
        settings: row.settings,
        apiBase: null,
        secrets,
      });
      const transport = await openSmtpTransport(settings, secrets.password ?? '', fetch, {
        pool: true,
        timeouts,
        ca,
      });
      return { transport, fromAddress: settings.from_address, close: () => transport.close() };
    },
  };
}
export type SmtpSenders = ReturnType<typeof createSmtpSenders>;
