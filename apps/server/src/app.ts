import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { type Config, trustedProxies } from './config.ts';
import { type Database, foregroundWork } from './db/client.ts';
import { createEventBus, EVENT_NAMES, type EventBus } from './events/bus.ts';
import { createOutbox, wakeOnCommit } from './events/outbox.ts';
import { createCashOnDeliveryGateway } from './gateways/cash-on-delivery.ts';
import {
  createCredentialCipher,
  installCredentialCipher,
  keyFromDataDir,
  loadGatewayCredentials,
} from './gateways/credentials.ts';
import { createPayPalAdapter, PAYPAL_GATEWAY_ID } from './gateways/paypal.ts';
import { createGatewayRegistry, type GatewayRegistry } from './gateways/registry.ts';
import { createSandboxGateway, SANDBOX_GATEWAY_ID, type SandboxGateway } from './gateways/sandbox.ts';
import { createStripeAdapter, STRIPE_GATEWAY_ID } from './gateways/stripe.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { marketingMailRoutes } from './mail/marketing.routes.ts';
import { marketingKeyFrom } from './mail/marketing.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { registerRollupJob } from './modules/analytics/analytics.rollup.ts';
import { createRollupStore } from './modules/analytics/analytics.rollup-store.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createAppDeliveries } from './modules/apps/apps.deliveries.ts';
import { appsRoutes } from './modules/apps/apps.routes.ts';
import { createAppsService } from './modules/apps/apps.service.ts';
import { automationsRoutes } from './modules/automations/automations.routes.ts';
import { createAutomationsService } from './modules/automations/automations.service.ts';
import { type AutomationsEngine, createAutomationsEngine } from './modules/automations/engine/engine.ts';
import { createEmailAllowance, registerPlanLimits } from './modules/billing/billing.limits.ts';
import { createSandboxPayments } from './modules/billing/billing.payments.ts';
import { createBillingReconciliation } from './modules/billing/billing.reconcile.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { type BillingService, createBillingService } from './modules/billing/billing.service.ts';
import { createStripeBilling } from './modules/billing/billing.stripe.ts';
import { createBillingWebhooks } from './modules/billing/billing.webhooks.ts';
import { changelogRoutes } from './modules/changelog/changelog.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { developersRoutes } from './modules/developers/developers.routes.ts';
import { createDevelopersService } from './modules/developers/developers.service.ts';
import { createTxtLookup } from './modules/domains/dns-verifier.ts';
import { domainsRoutes } from './modules/domains/domains.routes.ts';
import { createDomainsService } from './modules/domains/domains.service.ts';
import { previewKeyFrom } from './modules/email-templates/email-templates.compile.ts';
import {
  emailTemplatePreviewRoute,
  emailTemplatesRoutes,
} from './modules/email-templates/email-templates.routes.ts';
import { createEmailTemplatesService } from './modules/email-templates/email-templates.service.ts';
import { createLocalExportFiles, createS3ExportFiles } from './modules/exports/export-files.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { createExportsService, type ExportsService } from './modules/exports/exports.service.ts';
import { funnelAppsRoutes } from './modules/funnel-apps/funnel-apps.routes.ts';
import { createFunnelAppsService } from './modules/funnel-apps/funnel-apps.service.ts';
import { funnelsRoutes } from './modules/funnels/funnels.routes.ts';
import { createFunnelsService } from './modules/funnels/funnels.service.ts';
import { gatewaysRoutes } from './modules/gateways/gateways.routes.ts';
import { createGatewaysService } from './modules/gateways/gateways.service.ts';
import { geoFunnelsRoutes } from './modules/geo-funnels/geo-funnels.routes.ts';
import { createGeoFunnelsService } from './modules/geo-funnels/geo-funnels.service.ts';
import { createDeliverHook } from './modules/hooks/hooks.delivery.ts';
import { hooksRoutes } from './modules/hooks/hooks.routes.ts';
import { createHooksService } from './modules/hooks/hooks.service.ts';
import { createTargetCheck } from './modules/hooks/hooks.targets.ts';
import { imagesRoutes, mediaRoute } from './modules/images/images.routes.ts';
import { createImagesService } from './modules/images/images.service.ts';
import { createGa4Adapter } from './modules/integrations/ga4/ga4.adapter.ts';
import { createGoogleSheetsAdapter } from './modules/integrations/google-sheets/google-sheets.adapter.ts';
import {
  createGoogleConnect,
  googleSheetsRoutes,
} from './modules/integrations/google-sheets/google-sheets.routes.ts';
import {
  createIntegrationRegistry,
  type IntegrationRegistry,
} from './modules/integrations/integrations.adapter.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { createSecretsBox } from './modules/integrations/integrations.secrets.ts';
import { createIntegrationsService } from './modules/integrations/integrations.service.ts';
import { createMailchimpAdapter } from './modules/integrations/mailchimp/mailchimp.adapter.ts';
import { createShopifyAdapter } from './modules/integrations/shopify/shopify.adapter.ts';
import { createSmtpAdapter, createSmtpSenders } from './modules/integrations/smtp/smtp.adapter.ts';
import { createWebhookAdapter } from './modules/integrations/webhook/webhook.adapter.ts';
import {
  createWebhookDeliveries,
  type WebhookDeliveries,
} from './modules/integrations/webhook/webhook.deliveries.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { createLibraryService } from './modules/library/library.service.ts';
import { mailSettingsRoutes } from './modules/mail-settings/mail-settings.routes.ts';
import { createMailSettingsService } from './modules/mail-settings/mail-settings.service.ts';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { createOnboardingService } from './modules/onboarding/onboarding.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { popupsRoutes } from './modules/popups/popups.routes.ts';
import { createPopupsService } from './modules/popups/popups.service.ts';
import { publishingRoutes } from './modules/publishing/publishing.routes.ts';
import { createPublishingService } from './modules/publishing/publishing.service.ts';
import { receiptsRoutes } from './modules/receipts/receipts.routes.ts';
import { createReceiptsService, type ReceiptsService } from './modules/receipts/receipts.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { createSharingService } from './modules/sharing/sharing.service.ts';
import { SMS_INBOUND_PATH, smsInboundRoutes, smsRoutes } from './modules/sms/sms.routes.ts';
import { createSmsSending } from './modules/sms/sms.sending.ts';
import { createSmsService } from './modules/sms/sms.service.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { pagePreviewRoutes } from './modules/steps/page-preview.routes.ts';
import { pagesRoutes } from './modules/steps/pages.routes.ts';
import { stepsRoutes } from './modules/steps/steps.routes.ts';
import { createStepsService } from './modules/steps/steps.service.ts';
import { discountsRoutes } from './modules/store/discounts.routes.ts';
import { createDiscountsService } from './modules/store/discounts.service.ts';
import { productsRoutes } from './modules/store/products.routes.ts';
import { createProductsService } from './modules/store/products.service.ts';
import { APP_VERSION, systemRoutes } from './modules/system/system.routes.ts';
import { createKitFunnels } from './modules/templates/kit-funnels.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { createTemplatesService } from './modules/templates/templates.service.ts';
import { trackingCodesRoutes } from './modules/tracking-codes/tracking-codes.routes.ts';
import { createTrackingCodesService } from './modules/tracking-codes/tracking-codes.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService, type UsersService } from './modules/users/users.service.ts';
import { createSafeFetch, type HostResolver } from './net/safe-fetch.ts';
import { apiKeyCacheOf } from './plugins/api-keys.ts';
import { createApiRateCounter } from './plugins/api-rate.ts';
import { registerAuth, sessionCacheOf } from './plugins/auth.ts';
import { registerEndpointTable } from './plugins/endpoints.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { createInvalidationBus } from './plugins/invalidation.ts';
import { countCheckoutOutcomes, createMetrics, registerMetrics } from './plugins/metrics.ts';
import { openapiOptions } from './plugins/openapi.ts';
import { registerStorableInput } from './plugins/storable-input.ts';
import { createThrottle } from './plugins/throttle.ts';
import { isHashedAsset } from './plugins/web-assets.ts';
import { checkoutRoutes, subscriptionsRoutes } from './runtime/checkout/checkout.routes.ts';
import { type CheckoutService, createCheckoutService } from './runtime/checkout/checkout.service.ts';
import { paypalWebhookRoutes, paypalWebhookUrl } from './runtime/checkout/paypal-webhook.routes.ts';
import { stripeWebhookRoutes, stripeWebhookUrl } from './runtime/checkout/stripe-webhook.routes.ts';
import { createSubscriptionsService, type SubscriptionsService } from './runtime/checkout/subscriptions.ts';
import { createUrlRewriter } from './runtime/hosts.ts';
import { publishRoutes } from './runtime/publish.routes.ts';
import { registerRuntime } from './runtime/runtime.ts';
import { createTwilioProvider } from './sms/twilio.ts';
import { createLocalStorage } from './storage/local-storage.ts';
import { createS3Client, createS3Storage } from './storage/s3-storage.ts';
import type { FileStorage } from './storage/storage.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  /** File storage for uploads; from the config (S3 or DATA_DIR) when absent. */
  storage?: FileStorage;
  /** Where log lines go (tests read them); standard output when absent. */
  logStream?: NodeJS.WritableStream;
  /** Payment gateway adapters; the sandbox and cash-on-delivery ones when not given. */
  gateways?: GatewayRegistry;
  /** The in-process event bus (order.paid …); a new one when absent. */
  events?: EventBus;
  /** How outbound requests resolve names (tests give names private addresses); the system's when absent. */
  resolveHost?: HostResolver;
  /** The time the automations engine goes by, its waits and sweeps included (tests move it); the system's when absent. */
  clock?: () => Date;
  /** The time sign-in, sign-up and reset limits and reset codes go by (tests move it); the system's when absent. */
  accountsClock?: () => Date;
};
export type Services = {
  /** `kick()` starts the analytics rollup job's chain once the queue has started. */
  analyticsRollup: { kick(): Promise<string | null> };
  users: UsersService;
  mailer: Mailer;
  exports: ExportsService;
  events: EventBus;
  checkout: CheckoutService;
  subscriptions: SubscriptionsService;
  receipts: ReceiptsService;
  automations: AutomationsEngine;
  webhooks: WebhookDeliveries;
  integrations: IntegrationRegistry;
  billing: BillingService;
  /** `kick()` starts the daily billing reconciliation's chain once the queue has started. */
  billingReconciliation: { kick(): Promise<string | null> };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route, for the generic tenancy and bad-input tests. */
    apiRoutes: RouteOptions[];
    services: Services;
  }
}

/**
 * The dashboard's policy: only our own scripts, and the chat-support provider's origin when the operator
 * configured one (its script, its calls and its frame); merchants' HTML is never served on this origin.
 */
export function dashboardCsp(chatWidgetUrl: string | undefined) {
  const chat = chatWidgetUrl ? [new URL(chatWidgetUrl).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...chat],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...chat],
    frameSrc: ["'self'", ...chat],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Local http addresses (localhost, *.localhost) must not be rewritten to https.
    upgradeInsecureRequests: null,
  };
}

/**
 * The headers a helmet middleware sets, read once by running it against a recording response. Throws
 * if it does not finish synchronously (a policy with per-request parts would have to run per request).
 */
export function helmetHeaders(
  middleware: ReturnType<typeof helmet>,
): Record<string, string | number | string[]> {
  const headers: Record<string, string | number | string[]> = {};
  const response = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = value;
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

export async function buildApp(options: AppDeps): Promise<FastifyInstance> {
  const { config, database, queue, logStream } = options;
  const trustProxy = trustedProxies(config.trustProxy);
  // Shared published pages answered before (runtime/page-answers.ts) are sent before Fastify's routing;
  // every other request, and those until the runtime is registered, go to Fastify.
  let answers: { serve(request: IncomingMessage, response: ServerResponse): boolean } | null = null;
  const app = Fastify({
    serverFactory: (handler, options) => {
      const server = createServer((request, response) => {
        if (!answers?.serve(request, response)) handler(request, response);
      });
      // What Fastify sets on a server it creates itself (its defaults filled in).
      const timeouts = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      server.keepAliveTimeout = timeouts.keepAliveTimeout ?? 72_000;
      server.requestTimeout = timeouts.requestTimeout ?? 0;
      server.setTimeout(timeouts.connectionTimeout ?? 0);
      return server;
    },
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(logStream ? { stream: logStream } : {}),
          },
    bodyLimit: 1_048_576,
    // Off unless TRUST_PROXY names the proxies: anyone else could pick their address and host.
    trustProxy: config.trustProxy === false ? false : trustProxy,
    // Pages hosts ({subdomain}.localhost, custom domains) only ever reach the published-page routes.
    rewriteUrl: createUrlRewriter(
      { dashboardHost: new URL(config.publicUrl).hostname.toLowerCase(), pagesDomain: config.pagesDomain },
      trustProxy,
    ),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerStorableInput(app);

  registerEndpointTable(app);
  app.decorate('apiRoutes', [] as RouteOptions[]);
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs')) app.apiRoutes.push(route);
  });

  // helmet's headers, worked out once: with a fixed policy (no nonces) they are the same for every
  // response, so each request only copies them into the reply's headers (published pages then replace
  // the few they set themselves) instead of running helmet's dozen middlewares through setHeader.
  const securityHeaders = helmetHeaders(
    helmet({
      contentSecurityPolicy: { directives: dashboardCsp(config.chatWidgetUrl) },
      hsts: config.publicUrl.startsWith('https://'),
    }),
  );
  // Requests first (jobs/foreground.ts): background work starts in the gaps between requests.
  const inFlight = new WeakSet<object>();
  const left = (request: object) => {
    if (inFlight.delete(request)) queue.foreground.leave();
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    // E-mail images (social icons) are loaded by mail clients and preview frames of other origins.
    if (request.url.startsWith('/email-assets/'))
      reply.header('cross-origin-resource-policy', 'cross-origin');
    queue.foreground.enter();
    inFlight.add(request);
    // The rest of the request runs as foreground work: first at the embedded database (db/client.ts).
    foregroundWork.run(true, done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    left(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    left(request);
    done();
  });
  await app.register(formbody);
  // API JSON and server-rendered HTML compressed on the fly above 1 KB (brotli at a fast quality);
  // the dashboard's built assets come compressed from the build (`preCompressed` below).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, openapiOptions({ version: APP_VERSION, publicUrl: config.publicUrl }));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { db } = database;
  // Caches of this process that other server processes' writes make stale (sessions, published sites).
  const invalidations = await createInvalidationBus(database, {
    onError: (error, what) => app.log.error({ err: error }, what),
  });
  app.addHook('onClose', () => invalidations.close());
  sessionCacheOf(db).connect(invalidations);
  apiKeyCacheOf(db).connect(invalidations);
  // The server's one secret key (GATEWAY_SECRET_KEY or the data directory's key file); each use derives its own.
  const serverSecret = config.gatewaySecretKey ?? keyFromDataDir(config.dataDir);
  const mailSettings = createMailSettingsService({ db, serverSecret, mailFrom: config.mailFrom });
  const outboundFetch = createSafeFetch({
    resolve: options.resolveHost,
    allowHosts: config.outboundAllowHosts,
  });
  const secretsBox = createSecretsBox(serverSecret);
  // An account with an active SMTP sender connection sends its own e-mails through its server.
  const smtpSenders = createSmtpSenders({
    db,
    box: secretsBox,
    fetch: outboundFetch,
    ca: config.smtpTlsCa,
  });
  // Merchant-initiated e-mail past the plan's e-mails a month is refused (docs/decisions/checkout-and-payments.md "Refusals").
  const emailAllowance = createEmailAllowance({ db });
  const marketingKey = marketingKeyFrom(serverSecret);
  const marketingLinksOf = { key: marketingKey, publicUrl: config.publicUrl };
  const mailer = createMailer({
    db,
    marksDb: database.marks,
    config,
    queue,
    senderOf: mailSettings.senderOf,
    accountServers: smtpSenders,
    allowance: emailAllowance,
    marketing: marketingLinksOf,
  });
  const users = createUsersService({ db, config, mailer, queue, clock: options.accountsClock });
  const staff = createStaffService({ db, config, mailer, users });
  const funnels = createFunnelsService({ db });
  const steps = createStepsService({ db });
  const publishing = createPublishingService({ db });
  const templates = createTemplatesService({ db });
  const products = createProductsService({ db });
  const discounts = createDiscountsService({ db });
  const trackingCodes = createTrackingCodesService({ db });
  const domains = createDomainsService({ db, lookupTxt: createTxtLookup({ servers: config.dnsServers }) });
  const funnelApps = createFunnelAppsService({
    db,
    checkUrl: createTargetCheck({ check: outboundFetch.check }),
  });
  const geo = createGeoFunnelsService({ db });
  const sharing = createSharingService({ db, config });
  const storage: FileStorage =
    options.storage ??
    (config.s3
      ? createS3Storage(config.s3, { publicUrl: config.publicUrl })
      : createLocalStorage({ dataDir: config.dataDir, publicUrl: config.publicUrl }));
  const images = createImagesService({ db, storage });
  const popups = createPopupsService({ db });
  const library = createLibraryService({ db });
  const emailTemplates = createEmailTemplatesService({
    db,
    mailer,
    previewKey: previewKeyFrom(serverSecret),
    publicUrl: config.publicUrl,
  });
  const cipher = createCredentialCipher(serverSecret);
  installCredentialCipher(cipher);
  const stripe = createStripeAdapter({ apiBase: config.stripeApiBase });
  const paypal = createPayPalAdapter({ apiBase: config.paypalApiBase });
  const gateways = createGatewaysService({
    db,
    cipher,
    verifiers: {
      [STRIPE_GATEWAY_ID]: (credentials, { accountId }) =>
        stripe.connect(credentials, stripeWebhookUrl(config.publicUrl, accountId)),
      [PAYPAL_GATEWAY_ID]: (credentials, { accountId }) =>
        paypal.connect(credentials, paypalWebhookUrl(config.publicUrl, accountId)),
    },
  });
  // Search and the customers and orders lists may be a moment behind: a replica's (db/replica.ts).
  const search = createSearchService({ db: database.reads });
  const activity = createActivityService({ db });
  // The Dashboard's reads run on connections of their own (db/client.ts `reports`).
  const analytics = createAnalyticsService({ db, store: createRollupStore(database.reports) });
  const analyticsRollup = registerRollupJob(queue, db, {
    onError: (error) => app.log.error({ err: error }, 'analytics rollup failed'),
  });
  const sandbox = createSandboxGateway();
  const metrics = config.metricsToken ? createMetrics({ role: config.processRole, database }) : null;
  const configuredGateways =
    options.gateways ??
    createGatewayRegistry({
      adapters: [sandbox, createCashOnDeliveryGateway(), stripe, paypal],
      credentialsFor: (accountId, gatewayId) => loadGatewayCredentials(db, accountId, gatewayId),
    });
  const gatewayRegistry = metrics ? countCheckoutOutcomes(configuredGateways, metrics) : configuredGateways;
  const events = options.events ?? createEventBus();
  const orders = createOrdersService({ db, reads: database.reads, gateways: gatewayRegistry, events });
  const customers = createCustomersService({ db, reads: database.reads });
  const exports = createExportsService({
    db,
    database,
    queue,
    files: config.s3
      ? createS3ExportFiles(createS3Client(config.s3), config.s3.bucket)
      : createLocalExportFiles(config.dataDir),
    jobExpirySeconds: config.exportJobExpirySeconds,
  });
  const subscriptions = createSubscriptionsService({
    db,
    gateways: gatewayRegistry,
    queue,
    events,
    log: (message) => app.log.error(message),
  });
  subscriptions.registerJobs();
  const checkout = createCheckoutService({
    db,
    gateways: gatewayRegistry,
    events,
    subscriptions,
    queue,
    confirmationDelaySeconds: config.orderConfirmationDelaySeconds,
    jobExpirySeconds: config.jobExpirySeconds,
  });
  const outbox = createOutbox({
    db,
    queue,
    claimSeconds: config.jobExpirySeconds,
    // A failed query's message is its SQL; the database's reason is its cause.
    onError: (error) =>
      app.log.error(
        { err: error instanceof Error && error.cause instanceof Error ? error.cause : error },
        'outbox dispatch failed',
      ),
  });
  // Each commit that recorded an event wakes the outbox at once (the bus's publishers too); its poll
  // covers a process that died in between.
  const stopWaking = wakeOnCommit(db, () => outbox.wake());
  app.addHook('onClose', async () => stopWaking());
  for (const name of EVENT_NAMES) events.subscribe(name, () => outbox.wake());
  const receipts = createReceiptsService({ db, mailer, queue, outbox, templates: emailTemplates });
  const smsProvider = createTwilioProvider(config.sms);
  const platformGateway = createSandboxGateway();
  const sms = createSmsService({
    db,
    provider: smsProvider,
    charge: (request) => platformGateway.charge(null, request),
    inboundUrl: `${config.publicUrl.replace(/\/+$/, '')}${SMS_INBOUND_PATH}`,
  });
  const smsSending = createSmsSending({ db, queue, provider: smsProvider });
  const webhooks = createWebhookDeliveries({
    db,
    queue,
    outbox,
    fetch: outboundFetch,
    box: secretsBox,
    retry: {
      baseMs: config.webhooks.retryBaseMs,
      maxMs: config.webhooks.retryMaxMs,
      windowMs: config.webhooks.retryWindowMs,
    },
    timeoutMs: config.webhooks.timeoutMs,
  });
  // Every catalogue entry but the inactive payment plugin has its adapter here.
  const integrationRegistry = createIntegrationRegistry([
    createWebhookAdapter({ deliveries: webhooks }),
    createMailchimpAdapter({ apiBase: config.mailchimpApiBase, retry: config.mailchimpRetry }),
    createGa4Adapter({ apiBase: config.ga4ApiBase }),
    createShopifyAdapter({ apiBase: config.shopifyApiBase, retryAfterMaxMs: config.shopifyRetryAfterMaxMs }),
    createGoogleSheetsAdapter({
      settings: config.google,
      throttle: createThrottle({ db, clock: () => new Date() }),
    }),
    createSmtpAdapter({ ca: config.smtpTlsCa }),
  ]);
  const integrations = createIntegrationsService({
    db,
    registry: integrationRegistry,
    box: secretsBox,
    fetch: outboundFetch,
  });
  webhooks.attachFunnelApps(createAppDeliveries({ db, integrations, registry: integrationRegistry }));
  const apps = createAppsService({ db, integrations, deliveries: webhooks });
  const automationsEngine = createAutomationsEngine({
    db,
    queue,
    outbox,
    mailer,
    sms: smsSending,
    integrations,
    marketing: marketingLinksOf,
    clock: options.clock,
    jobExpirySeconds: config.jobExpirySeconds,
    retryDelaySeconds: config.automationRetryDelaySeconds,
  });
  const automations = createAutomationsService({
    db,
    engine: automationsEngine,
    startFromShared: (accountId, userId, input) => emailTemplates.startFromShared(accountId, userId, input),
  });
  const developers = createDevelopersService({ db });
  const checkHookTarget = createTargetCheck({ check: outboundFetch.check });
  const hooks = createHooksService({
    db,
    queue,
    outbox,
    serverSecret,
    checkTarget: checkHookTarget,
    deliver: createDeliverHook({ checkTarget: checkHookTarget, fetch: outboundFetch }),
    onError: (error, what) => app.log.warn({ err: error }, what),
  });
  // The platform's own billing: the test's sandbox when it gave one (to make saved cards fail), else ours.
  const registrySandbox = gatewayRegistry.adapterFor(SANDBOX_GATEWAY_ID);
  const platformSandbox =
    registrySandbox && 'saveCard' in registrySandbox ? (registrySandbox as SandboxGateway) : sandbox;
  const apiRate = createApiRateCounter({ db });
  const stripeBilling = config.stripeBillingSecretKey
    ? createStripeBilling({ secretKey: config.stripeBillingSecretKey, apiBase: config.stripeApiBase })
    : undefined;
  const billing = createBillingService({
    db,
    queue,
    mailer,
    payments: createSandboxPayments(platformSandbox),
    cipher,
    apiRate,
    stripeBilling,
    publicUrl: config.publicUrl,
    log: (message) => app.log.error(message),
  });
  billing.registerJobs();
  const billingReconciliation = createBillingReconciliation({
    db,
    secretKey: config.stripeBillingSecretKey,
    apiBase: config.stripeApiBase,
  }).register(queue, (error) => app.log.error({ err: error }, 'billing reconciliation failed'));
  registerMetrics(app, metrics, config.metricsToken);
  registerAuth(app, { db, config });
  const planLimits = registerPlanLimits(app, { db, apiRate, clock: options.accountsClock });
  /** A plan change (a webhook's or the billing screen's): the cached limits are read again. */
  const onPlanChange = (accountId: number) => {
    planLimits.forget(accountId);
    emailAllowance.forget(accountId);
  };
  const billingWebhooks = createBillingWebhooks({
    db,
    secret: config.stripeBillingWebhookSecret,
    stripeBilling,
    onPaymentFailed: (accountId, message) => billing.notifyPaymentFailed(accountId, message),
    onPlanChange,
    log: (message) => app.log.error(message),
  });
  app.decorate('services', {
    analyticsRollup,
    users,
    mailer,
    exports,
    events,
    checkout,
    subscriptions,
    receipts,
    automations: automationsEngine,
    webhooks,
    integrations: integrationRegistry,
    billing,
    billingReconciliation,
  });

  await app.register(
    async (api) => {
      systemRoutes(api, { database });
      changelogRoutes(api, { changelogPath: config.changelogPath, chatWidgetUrl: config.chatWidgetUrl });
      usersRoutes(api, { db, users });
      staffRoutes(api, { staff });
      accountRoutes(api, { db });
      mailboxRoutes(api, { db, marketing: marketingLinksOf });
      funnelsRoutes(api, { db, funnels });
      stepsRoutes(api, { steps });
      pagesRoutes(api, { steps });
      publishingRoutes(api, { publishing });
      pagePreviewRoutes(api, { db });
      templatesRoutes(api, { templates, kitFunnels: createKitFunnels({ templates, funnels, steps }) });
      productsRoutes(api, { products });
      discountsRoutes(api, { discounts });
      trackingCodesRoutes(api, { codes: trackingCodes });
      domainsRoutes(api, { domains });
      funnelAppsRoutes(api, { apps: funnelApps, deliveries: webhooks });
      geoFunnelsRoutes(api, { db, geo });
      sharingRoutes(api, { db, sharing });
      await imagesRoutes(api, { images });
      popupsRoutes(api, { popups });
      libraryRoutes(api, { library });
      emailTemplatesRoutes(api, { templates: emailTemplates });
      receiptsRoutes(api, { receipts });
      mailSettingsRoutes(api, { settings: mailSettings });
      smsRoutes(api, { sms });
      automationsRoutes(api, { automations });
      gatewaysRoutes(api, { gateways });
      await stripeWebhookRoutes(api, { db, checkout, stripe, devSecret: config.stripeWebhookSecret });
      await paypalWebhookRoutes(api, { db, checkout, paypal });
      integrationsRoutes(api, { integrations, deliveries: webhooks });
      googleSheetsRoutes(api, {
        db,
        integrations,
        settings: config.google,
        serverSecret,
        publicUrl: config.publicUrl,
      });
      appsRoutes(api, {
        apps,
        google: createGoogleConnect({ db, integrations, settings: config.google, serverSecret }),
        publicUrl: config.publicUrl,
      });
      searchRoutes(api, { search });
      activityRoutes(api, { activity });
      analyticsRoutes(api, { analytics });
      ordersRoutes(api, { orders });
      exportsRoutes(api, { exports });
      customersRoutes(api, { db, customers, orders });
      subscriptionsRoutes(api, { subscriptions });
      onboardingRoutes(api, { onboarding: createOnboardingService({ db }) });
      await billingRoutes(api, {
        billing,
        webhooks: billingWebhooks,
        onPlanChange,
      });
      publishRoutes(api, { db, config });
      developersRoutes(api, { developers });
      hooksRoutes(api, { hooks });
    },
    { prefix: '/api' },
  );

  mediaRoute(app, { images });
  emailTemplatePreviewRoute(app, { templates: emailTemplates });
  marketingMailRoutes(app, { db, key: marketingKey });
  smsInboundRoutes(app, { sending: smsSending, provider: smsProvider, publicUrl: config.publicUrl });
  checkoutRoutes(app, {
    checkout,
    // The registry's Sandbox takes the card form's tokens (tests give their own adapters).
    sandbox:
      registrySandbox && 'tokenizeCard' in registrySandbox ? (registrySandbox as SandboxGateway) : undefined,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  await registerRuntime(app, { db, config, invalidations, metrics });
  answers = app.runtime.answers;

  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` beside each text asset; the best one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, file) => {
        // A hashed asset's name changes with its content: browsers keep it a year without asking again.
        if (isHashedAsset(path.relative(config.webDist ?? '', file)))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    const indexHtml = fs.readFileSync(path.join(config.webDist, 'index.html'), 'utf8');
    const indexEtag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;
    // History-mode routes: every page path answers the app, which routes on the client.
    app.get('/*', async (request, reply) => {
      // An API path no route serves is the API's 404, not the dashboard.
      if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?'))
        return reply.callNotFound();
      const file = path.join(config.webDist ?? '', path.normalize(request.url.split('?')[0] ?? '/'));
      if (file.startsWith(config.webDist ?? '') && path.extname(file) && fs.existsSync(file)) {
        return reply.sendFile(path.relative(config.webDist ?? '', file));
      }
      reply.header('set-cookie', `dashboard_version=${APP_VERSION}; Path=/; SameSite=Lax`);
      // no-cache with a validator: every visit asks, a 304 answers when the build has not changed.
      reply.type('text/html').header('cache-control', 'no-cache').header('etag', indexEtag);
      if (request.headers['if-none-match'] === indexEtag) return reply.status(304).send();
      return reply.send(indexHtml);
    });
  }
  return app;
}
