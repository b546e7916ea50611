import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import type { ReplicaOptions } from './db/replica.ts';
import type { S3Settings } from './storage/s3-storage.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Connections the process's PostgreSQL pool opens at most (2 or more: start-up holds one for its lock). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(100).default(10),
  /** Connections the analytics reads' own PostgreSQL pool opens at most (db/client.ts `reports`). */
  DATABASE_REPORTS_POOL_MAX: z.coerce.number().int().min(1).max(100).default(2),
  /** A streaming replica for the reads that may be a moment behind (db/replica.ts). */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /** The replica's lag above which those reads go back to the primary. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Funnelwork <no-reply@funnelwork.test>'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** all: requests and background work; web: requests only; jobs: background work only (PostgreSQL). */
  PROCESS_ROLE: z.enum(['all', 'web', 'jobs']).default('all'),
  /** Serves /metrics (Prometheus) to a bearer of this token; unset: no /metrics (404). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Uploaded images and orders exports go to this S3-compatible bucket instead of DATA_DIR. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Key of gateway credentials at rest: 32 random bytes, base64. */
  GATEWAY_SECRET_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'GATEWAY_SECRET_KEY is 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  /** Stripe's API address (tests point it at a local fake); Stripe's own when unset. */
  STRIPE_API_BASE: z.string().url().optional(),
  /** Stripe.js, which published checkouts load when their gateway is Stripe (tests: a local fake). */
  STRIPE_JS_URL: z.string().url().default('https://js.stripe.com/v3/'),
  /** PayPal's REST API for every call (tests: a local fake); else sandbox or live by the connected pair. */
  PAYPAL_API_BASE: z.string().url().optional(),
  /** PayPal's JS SDK, which published checkouts load when PayPal is connected (tests: a local fake). */
  PAYPAL_SDK_URL: z.string().url().default('https://www.paypal.com/sdk/js'),
  /** The signing secret of `stripe listen --forward-to` (development): checkout webhooks accept it too. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Mailchimp's Marketing API address; `{dc}` is the data center the API key ends with (tests: a local fake). */
  MAILCHIMP_API_BASE: z
    .string()
    .default('https://{dc}.api.mailchimp.com')
    .refine(
      (value) => isUrl(value.replace('{dc}', 'us1')),
      'MAILCHIMP_API_BASE is a URL, with {dc} where the data center goes',
    ),
  /** Back-off on Mailchimp's 429 and 5xx: first delay, its cap, and how many retries within one call. */
  MAILCHIMP_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  MAILCHIMP_RETRY_MAX_MS: z.coerce.number().int().min(1).default(8000),
  MAILCHIMP_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /** The GA4 Measurement Protocol address (tests: a local fake). */
  GA4_API_BASE: z.string().url().default('https://www.google-analytics.com'),
  /** Shopify's Admin API address; `{shop}` is the store's myshopify.com domain (tests: a local fake). */
  SHOPIFY_API_BASE: z
    .string()
    .default('https://{shop}')
    .refine(
      (value) => isUrl(value.replace('{shop}', 'example.myshopify.com')),
      'SHOPIFY_API_BASE is a URL, with {shop} where the store domain goes',
    ),
  /** The longest Shopify's Retry-After is waited out (once) before a rate-limited call fails. */
  SHOPIFY_RETRY_AFTER_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** Requests each API key may make per minute (a token bucket per key, per server process). */
  API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  SIGN_UP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * `host:port` pairs (comma-separated) that merchant-given URLs may reach although they are private,
   * for local development and tests only (a local webhook receiver); empty in production.
   */
  OUTBOUND_ALLOW_HOSTS: z.string().optional(),
  /** Webhook retries: first delay, the cap of the doubling delay, and how long retries go on. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
  WEBHOOK_RETRY_WINDOW_HOURS: z.coerce.number().positive().max(720).default(24),
  /** How long a webhook receiver has to answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * The chat-support provider's script, loaded on the dashboard (spec §2.5 "an embedded chat-support widget");
   * the dashboard's CSP allows its origin. Unset: no chat widget.
   */
  CHAT_WIDGET_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'CHAT_WIDGET_URL must be an http(s) address')
    .optional(),
  /** The platform's Google OAuth client (a "Web application" client); Google Sheets is off while unset. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's consent screen (tests point it at a local fake). */
  GOOGLE_OAUTH_AUTHORIZE_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  /** Google's OAuth token service: `{base}/token` and `{base}/revoke`. */
  GOOGLE_OAUTH_BASE: z.string().url().default('https://oauth2.googleapis.com'),
  /** The Sheets API v4 address. */
  GOOGLE_SHEETS_API_BASE: z.string().url().default('https://sheets.googleapis.com'),
  /** Row writes per minute per connection (Sheets allows 60 write requests per minute per user). */
  GOOGLE_SHEETS_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(60).default(60),
  /** How long a write may wait for the per-minute limit before it is answered 429. */
  GOOGLE_SHEETS_MAX_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(15_000),
  /** Back-off on Sheets' 429: first delay, its cap, and how many retries (exponential with jitter). */
  GOOGLE_SHEETS_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  GOOGLE_SHEETS_RETRY_MAX_MS: z.coerce.number().int().min(1).default(32_000),
  GOOGLE_SHEETS_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(5),
  /** Signing secret of the Stripe webhook endpoint for the platform's own billing (whsec_…); unset: no webhook. */
  STRIPE_BILLING_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The platform's own Stripe secret key, for the daily reconciliation of billing charges; unset: none. */
  STRIPE_BILLING_SECRET_KEY: z.string().min(1).optional(),
  /** The SMS provider's API address (Twilio's REST API; tests point it at a local fake). */
  SMS_API_BASE: z.string().url().default('https://api.twilio.com'),
  /** The platform's SMS provider account (Twilio Account SID and Auth Token); SMS is off while unset. */
  SMS_ACCOUNT_SID: z.string().optional(),
  SMS_AUTH_TOKEN: z.string().optional(),
  /** Published pages answer at {subdomain}.PAGES_DOMAIN (besides {subdomain}.localhost); unset: only the latter. */
  PAGES_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'PAGES_DOMAIN is a host name such as pages.example.com')
    .optional(),
  /**
   * An export still running after this long is given up and started again (on any process): how soon the
   * export a stopped process was writing starts again elsewhere, and the longest an export may take.
   */
  EXPORT_JOB_EXPIRY_SECONDS: z.coerce.number().int().min(5).max(3600).default(90),
  /**
   * How long an automation step, an e-mail send or an outbox batch is its process's before any process
   * takes it over: how soon the work of a killed process is resumed.
   */
  JOB_EXPIRY_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /**
   * How often an idle job worker looks for work by itself: sends and due times wake it, so this only
   * bounds how late a job whose wake was lost runs (jobs/queue.ts, DEFAULT_POLLING_INTERVAL_SECONDS).
   */
  JOB_POLLING_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * How often the events outbox looks for undispatched events by itself: each commit that records one
   * wakes it (events/outbox.ts), so this bounds only a lost wake and a killed process's claimed batch.
   */
  OUTBOX_POLLING_INTERVAL_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  /**
   * An order whose checkout leads on to a one-click offer is confirmed (its receipt and On Purchase) when
   * the shopper leaves the offers, or this long after the checkout at the latest.
   */
  ORDER_CONFIRMATION_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Seconds before a failed automation step is tried again, doubled each time (5 tries in all). */
  AUTOMATION_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** The request header carrying the visitor's country (a CDN's, e.g. cf-ipcountry). */
  GEO_COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  /**
   * The shared cache in front of published pages (Varnish, a CDN): a PURGE request with the changed
   * site's surrogate keys goes here on every publish, unpublish and domain change. The operator's own
   * address, so it may be local. Unset: no purge.
   */
  CDN_PURGE_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//.test(url), 'CDN_PURGE_URL must be an http(s) address')
    .optional(),
  /** DNS servers for custom-domain verification, comma-separated ('1.1.1.1,8.8.8.8:53'); the system's when unset. */
  DNS_SERVERS: z
    .string()
    .optional()
    .refine((value) => {
      try {
        new Resolver().setServers(dnsServerList(value));
        return true;
      } catch {
        return false;
      }
    }, 'DNS_SERVERS is a comma-separated list of IP addresses with optional ports'),
  /** Proxies whose X-Forwarded-For/-Host/-Proto are believed: off, true (any peer) or addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context): TrustProxy => {
      try {
        return trustProxySetting(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Which peers may set X-Forwarded-*: none, any (only behind a proxy that overwrites them), or these. */
export type TrustProxy = boolean | string[];

function trustProxySetting(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === 'off') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    // Fastify 5 ignores hop counts: a count cannot tell a proxy from a client that connects directly.
    throw new Error(
      "TRUST_PROXY is true or the proxies' addresses or CIDRs (10.0.0.0/8,loopback), not a hop count",
    );
  }
  const list = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(list);
  } catch {
    throw new Error('TRUST_PROXY is true or a comma-separated list of IP addresses, CIDRs or loopback');
  }
  return list;
}

/** The trust function Fastify and the host rewriter share: may `address`, `hop` proxies from us, forward? */
export function trustedProxies(setting: TrustProxy): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (setting === true) return () => true;
  return proxyAddr.compile(setting);
}

function dnsServerList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The process's PostgreSQL pool size: a `jobs` process with a few connections (3) takes a bounded
   * share of the database's CPU and commits, so checkouts in the web processes keep their latency.
   */
  databasePoolMax: number;
  /** The analytics reads' own pool size: Dashboards polling at once queue there, not in the main pool. */
  databaseReportsPoolMax: number;
  /** DATABASE_REPLICA_URL and DATABASE_REPLICA_MAX_LAG_MS; unset: every read goes to the primary. */
  databaseReplica: ReplicaOptions | undefined;
  smtpUrl: string | undefined;
  /**
   * Certificates (PEM) the SMTP sender trusts besides the system's: set by tests for their self-signed
   * servers, never from the environment. Verification itself is never turned off.
   */
  smtpTlsCa?: string;
  mailFrom: string;
  publicUrl: string;
  logLevel: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
  seedDemo: boolean;
  /**
   * What this process does (jobs/queue.ts ProcessRole): `web` and `jobs` split one deployment's requests
   * from its background work (PostgreSQL only), so e-mails and deliveries never take a checkout's CPU.
   */
  processRole: 'all' | 'web' | 'jobs';
  /** The bearer token /metrics asks for; null: /metrics is off (404). */
  metricsToken: string | null;
  /** DNS servers for domain verification; empty means the system's resolvers. */
  dnsServers: string[];
  /** The S3-compatible bucket for uploads; the local disk under dataDir when absent. */
  s3: S3Settings | undefined;
  /** Encrypts gateway credentials; unset: derived from a secret file under dataDir. */
  gatewaySecretKey: Buffer | undefined;
  /** Stripe API address, e.g. http://127.0.0.1:12111; unset: Stripe's own. */
  stripeApiBase: string | undefined;
  /** Stripe.js's address, loaded by published checkouts that charge through Stripe. */
  stripeJsUrl: string;
  paypalApiBase: string | undefined;
  paypalSdkUrl: string;
  stripeWebhookSecret: string | undefined;
  /** Integration adapters' API addresses (`{dc}`, `{shop}` filled in per connection) and Shopify's 429 wait cap. */
  mailchimpApiBase: string;
  /** Mailchimp's 429/5xx back-off within one call (the delivery or automation retries after that). */
  mailchimpRetry: { baseMs: number; maxMs: number; maxRetries: number };
  ga4ApiBase: string;
  shopifyApiBase: string;
  shopifyRetryAfterMaxMs: number;
  /** Requests per minute per API key. */
  apiKeyRatePerMinute: number;
  /** Sign-ups one client address may make in an hour (docs/decisions/accounts-and-security.md "Accounts and limits"). */
  signUpsPerAddressPerHour: number;
  stripeBillingWebhookSecret: string | undefined;
  stripeBillingSecretKey: string | undefined;
  /** The SMS provider (Twilio-style API): its address and the platform account's credentials. */
  sms: { apiBase: string; accountSid: string | undefined; authToken: string | undefined };
  /** Published pages' own domain ({subdomain}.pagesDomain); undefined: only {subdomain}.localhost. */
  pagesDomain: string | undefined;
  /** Google Sheets: the OAuth client (unset: not configured), Google's addresses, limits and back-off. */
  google: GoogleSettings;
  /** Private `host:port` pairs outbound requests may reach anyway (tests, local development). */
  outboundAllowHosts: string[];
  /** Webhook deliveries: retry backoff (ms) and receiver timeout. */
  webhooks: { retryBaseMs: number; retryMaxMs: number; retryWindowMs: number; timeoutMs: number };
  /** Lower-case name of the request header with the visitor's two-letter country. */
  geoCountryHeader: string;
  /** The orders.export job's expiry (pg-boss `expireInSeconds`). */
  exportJobExpirySeconds: number;
  /** Every job kind's expiry (pg-boss `expireInSeconds`; exports have their own) and the outbox's claim. */
  jobExpirySeconds: number;
  /** How often an idle job worker looks for work by itself (pg-boss `pollingIntervalSeconds`). */
  jobPollingIntervalSeconds: number;
  /** How often the idle events outbox looks for undispatched events by itself. */
  outboxPollingIntervalSeconds: number;
  /** The first retry delay of a failed automation step (pg-boss `retryDelay`, with backoff). */
  automationRetryDelaySeconds: number;
  /** The latest an order with one-click offers after its checkout is confirmed (checkout.order-close.ts). */
  orderConfirmationDelaySeconds: number;
  /** Peers whose forwarding headers (client address, host, protocol) are believed; false: none. */
  trustProxy: TrustProxy;
  /** Built web app served at `/`; absent in API-only tests. */
  webDist: string | undefined;
  /** The chat-support widget's script address (CHAT_WIDGET_URL); undefined: no widget. */
  chatWidgetUrl: string | undefined;
  /** Where published-page purges go (CDN_PURGE_URL); undefined: no purge. */
  cdnPurgeUrl: string | undefined;
  /** The project's CHANGELOG.md, shown in the dashboard's changelog widget; absent: no entries. */
  changelogPath: string | undefined;
  /** Embedded database in memory (tests) instead of a directory under dataDir. */
  inMemoryDatabase: boolean;
};

export type GoogleSettings = {
  clientId: string | undefined;
  clientSecret: string | undefined;
  authorizeUrl: string;
  oauthBase: string;
  sheetsApiBase: string;
  writesPerMinute: number;
  /** The limit's window: a minute (tests shorten it). */
  writeWindowMs: number;
  maxWaitMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxRetries: number;
  /** How long a "Connect with Google" may take before its state expires (10 minutes). */
  stateTtlMs: number;
};

const DAY_MS = 86_400_000;

/** Reads every setting once; anything unset takes the default the README documents. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means unset (DATABASE_URL= selects the embedded database).
  const set = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid setting ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL)
    throw new Error(
      'Invalid setting DATABASE_REPLICA_URL: a replica needs DATABASE_URL (the embedded database has none)',
    );
  if (e.PROCESS_ROLE !== 'all' && !e.DATABASE_URL)
    throw new Error(
      `Invalid setting PROCESS_ROLE: ${e.PROCESS_ROLE} needs DATABASE_URL (the embedded database belongs to one process)`,
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseReportsPoolMax: e.DATABASE_REPORTS_POOL_MAX,
    databaseReplica: e.DATABASE_REPLICA_URL
      ? { url: e.DATABASE_REPLICA_URL, maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS }
      : undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    sessionIdleMs: e.SESSION_IDLE_DAYS * DAY_MS,
    sessionMaxMs: e.SESSION_MAX_DAYS * DAY_MS,
    seedDemo: e.SEED_DEMO === '1',
    processRole: e.PROCESS_ROLE,
    metricsToken: e.METRICS_TOKEN ?? null,
    dnsServers: dnsServerList(e.DNS_SERVERS),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicBaseUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    gatewaySecretKey: e.GATEWAY_SECRET_KEY ? Buffer.from(e.GATEWAY_SECRET_KEY, 'base64') : undefined,
    stripeApiBase: e.STRIPE_API_BASE,
    stripeJsUrl: e.STRIPE_JS_URL,
    paypalApiBase: e.PAYPAL_API_BASE,
    paypalSdkUrl: e.PAYPAL_SDK_URL,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    mailchimpApiBase: e.MAILCHIMP_API_BASE,
    mailchimpRetry: {
      baseMs: e.MAILCHIMP_RETRY_BASE_MS,
      maxMs: e.MAILCHIMP_RETRY_MAX_MS,
      maxRetries: e.MAILCHIMP_MAX_RETRIES,
    },
    ga4ApiBase: e.GA4_API_BASE,
    shopifyApiBase: e.SHOPIFY_API_BASE,
    shopifyRetryAfterMaxMs: e.SHOPIFY_RETRY_AFTER_MAX_MS,
    apiKeyRatePerMinute: e.API_KEY_RATE_PER_MINUTE,
    signUpsPerAddressPerHour: e.SIGN_UP_LIMIT_PER_HOUR,
    stripeBillingWebhookSecret: e.STRIPE_BILLING_WEBHOOK_SECRET,
    stripeBillingSecretKey: e.STRIPE_BILLING_SECRET_KEY,
    sms: { apiBase: e.SMS_API_BASE, accountSid: e.SMS_ACCOUNT_SID, authToken: e.SMS_AUTH_TOKEN },
    pagesDomain: e.PAGES_DOMAIN?.toLowerCase().replace(/^\.+|\.+$/g, ''),
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      authorizeUrl: e.GOOGLE_OAUTH_AUTHORIZE_URL,
      oauthBase: e.GOOGLE_OAUTH_BASE,
      sheetsApiBase: e.GOOGLE_SHEETS_API_BASE,
      writesPerMinute: e.GOOGLE_SHEETS_WRITES_PER_MINUTE,
      writeWindowMs: 60_000,
      maxWaitMs: e.GOOGLE_SHEETS_MAX_WAIT_MS,
      retryBaseMs: e.GOOGLE_SHEETS_RETRY_BASE_MS,
      retryMaxMs: e.GOOGLE_SHEETS_RETRY_MAX_MS,
      maxRetries: e.GOOGLE_SHEETS_MAX_RETRIES,
      stateTtlMs: 10 * 60_000,
    },
    outboundAllowHosts: dnsServerList(e.OUTBOUND_ALLOW_HOSTS),
    webhooks: {
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: e.WEBHOOK_RETRY_MAX_MS,
      retryWindowMs: e.WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    geoCountryHeader: e.GEO_COUNTRY_HEADER.toLowerCase(),
    exportJobExpirySeconds: e.EXPORT_JOB_EXPIRY_SECONDS,
    jobExpirySeconds: e.JOB_EXPIRY_SECONDS,
    jobPollingIntervalSeconds: e.JOB_POLLING_INTERVAL_SECONDS,
    outboxPollingIntervalSeconds: e.OUTBOX_POLLING_INTERVAL_SECONDS,
    automationRetryDelaySeconds: e.AUTOMATION_RETRY_DELAY_SECONDS,
    orderConfirmationDelaySeconds: e.ORDER_CONFIRMATION_DELAY_SECONDS,
    trustProxy: e.TRUST_PROXY,
    webDist: undefined,
    chatWidgetUrl: e.CHAT_WIDGET_URL,
    cdnPurgeUrl: e.CDN_PURGE_URL,
    changelogPath: undefined,
    inMemoryDatabase: false,
  };
}

/** One key per test process: test apps never write a key file. */
const testGatewayKey = randomBytes(32);

/** Settings for tests: in-memory database, quiet logs, no web app. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    logLevel: 'silent',
    seedDemo: false,
    inMemoryDatabase: true,
    gatewaySecretKey: testGatewayKey,
    // The API tests sign up hundreds of owners from one address; the limit's own test sets it low.
    signUpsPerAddressPerHour: 1_000_000,
    ...overrides,
  };
}
