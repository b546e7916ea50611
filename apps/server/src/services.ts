import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createEventBus, EVENT_NAMES, type EventBus } from './events/bus.ts';
import { createOutbox, wakeOnCommit } from './events/outbox.ts';
import { createCashOnDeliveryGateway } from './gateways/cash-on-delivery.ts';
import { createCredentialCipher, createCredentialStore, keyFromDataDir } from './gateways/credentials.ts';
import { createPayPalAdapter, PAYPAL_GATEWAY_ID } from './gateways/paypal.ts';
import { createGatewayRegistry, type GatewayRegistry } from './gateways/registry.ts';
import { createSandboxGateway, SANDBOX_GATEWAY_ID, type SandboxGateway } from './gateways/sandbox.ts';
import { createStripeAdapter, STRIPE_GATEWAY_ID } from './gateways/stripe.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createMailer } from './mail/mailer.ts';
import { marketingKeyFrom } from './mail/marketing.ts';
import { createActivityService } from './modules/activity/activity.service.ts';
import { registerRollupJob } from './modules/analytics/analytics.rollup.ts';
import { createRollupStore } from './modules/analytics/analytics.rollup-store.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createAppDeliveries } from './modules/apps/apps.deliveries.ts';
import { createAppsService } from './modules/apps/apps.service.ts';
import { createAutomationsService } from './modules/automations/automations.service.ts';
import { createAutomationsEngine } from './modules/automations/engine/engine.ts';
import { createEmailAllowance, createPlanLimits } from './modules/billing/billing.limits.ts';
import { createSandboxPayments } from './modules/billing/billing.payments.ts';
import { createBillingReconciliation } from './modules/billing/billing.reconcile.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createStripeBilling } from './modules/billing/billing.stripe.ts';
import { createBillingWebhooks } from './modules/billing/billing.webhooks.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { createDevelopersService } from './modules/developers/developers.service.ts';
import { createTxtLookup } from './modules/domains/dns-verifier.ts';
import { createDomainsService } from './modules/domains/domains.service.ts';
import { previewKeyFrom } from './modules/email-templates/email-templates.compile.ts';
import { createEmailTemplatesService } from './modules/email-templates/email-templates.service.ts';
import { createLocalExportFiles, createS3ExportFiles } from './modules/exports/export-files.ts';
import { createExportsService } from './modules/exports/exports.service.ts';
import { createFunnelAppsService } from './modules/funnel-apps/funnel-apps.service.ts';
import { createFunnelsService } from './modules/funnels/funnels.service.ts';
import { createGatewaysService } from './modules/gateways/gateways.service.ts';
import { createGeoFunnelsService } from './modules/geo-funnels/geo-funnels.service.ts';
import { createDeliverHook } from './modules/hooks/hooks.delivery.ts';
import { createHooksService } from './modules/hooks/hooks.service.ts';
import { createTargetCheck } from './modules/hooks/hooks.targets.ts';
import { createImagesService } from './modules/images/images.service.ts';
import { createGa4Adapter } from './modules/integrations/ga4/ga4.adapter.ts';
import { createGoogleSheetsAdapter } from './modules/integrations/google-sheets/google-sheets.adapter.ts';
import { createGoogleConnect } from './modules/integrations/google-sheets/google-sheets.routes.ts';
import { createIntegrationRegistry } from './modules/integrations/integrations.adapter.ts';
import { createSecretsBox } from './modules/integrations/integrations.secrets.ts';
import { createIntegrationsService } from './modules/integrations/integrations.service.ts';
import { createMailchimpAdapter } from './modules/integrations/mailchimp/mailchimp.adapter.ts';
import { createShopifyAdapter } from './modules/integrations/shopify/shopify.adapter.ts';
import { createSmtpAdapter, createSmtpSenders } from './modules/integrations/smtp/smtp.adapter.ts';
import { createWebhookAdapter } from './modules/integrations/webhook/webhook.adapter.ts';
import { createWebhookDeliveries } from './modules/integrations/webhook/webhook.deliveries.ts';
import { createLibraryService } from './modules/library/library.service.ts';
import { createMailSettingsService } from './modules/mail-settings/mail-settings.service.ts';
import { createOnboardingService } from './modules/onboarding/onboarding.service.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createPopupsService } from './modules/popups/popups.service.ts';
import { createPublishingService } from './modules/publishing/publishing.service.ts';
import { createReceiptsService } from './modules/receipts/receipts.service.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createSharingService } from './modules/sharing/sharing.service.ts';
import { SMS_INBOUND_PATH } from './modules/sms/sms.routes.ts';
import { createSmsSending } from './modules/sms/sms.sending.ts';
import { createSmsService } from './modules/sms/sms.service.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { createStepsService } from './modules/steps/steps.service.ts';
import { createDiscountsService } from './modules/store/discounts.service.ts';
import { createProductsService } from './modules/store/products.service.ts';
import { createKitFunnels } from './modules/templates/kit-funnels.ts';
import { createTemplatesService } from './modules/templates/templates.service.ts';
import { createTrackingCodesService } from './modules/tracking-codes/tracking-codes.service.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createSafeFetch, type HostResolver } from './net/safe-fetch.ts';
import { ApiKeyCache } from './plugins/api-keys.ts';
import { createApiRateCounter } from './plugins/api-rate.ts';
import { SessionCache } from './plugins/auth.ts';
import type { InvalidationBus } from './plugins/invalidation.ts';
import { countCheckoutOutcomes, createMetrics } from './plugins/metrics.ts';
import { createThrottle } from './plugins/throttle.ts';
import { registerPaymentReconciliation } from './runtime/checkout/checkout.reconcile.ts';
import { createCheckoutService } from './runtime/checkout/checkout.service.ts';
import { paypalWebhookUrl } from './runtime/checkout/paypal-webhook.routes.ts';
import { stripeWebhookUrl } from './runtime/checkout/stripe-webhook.routes.ts';
import { createSubscriptionsService } from './runtime/checkout/subscriptions.ts';
import { createTwilioProvider } from './sms/twilio.ts';
import { createLocalStorage } from './storage/local-storage.ts';
import { createS3Client, createS3Storage } from './storage/s3-storage.ts';
import type { FileStorage } from './storage/storage.ts';

export type ServiceDeps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  /** The app's logger: every background failure is reported through it. */
  log: FastifyBaseLogger;
  /** The cross-process cache bus (plugins/invalidation.ts) the caches listen on. */
  invalidations: InvalidationBus;
  /** File storage for uploads; from the config (S3 or DATA_DIR) when absent. */
  storage?: FileStorage;
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

/**
 * Every service of one app, built from the database, the config and the logger. Nothing here is
 * process-wide: the caches and the credentials cipher are members of what this builds, so two apps in
 * one process (tests, a restart) share nothing. `stop()` undoes what outlives the app (the outbox's wake)
 * and gives back the API requests taken ahead and not used.
 */
export function createServices(deps: ServiceDeps) {
  const { config, database, queue, log, invalidations } = deps;
  const { db } = database;
  const sessions = new SessionCache();
  const apiKeys = new ApiKeyCache();
  sessions.connect(invalidations);
  apiKeys.connect(invalidations);
  // The server's one secret key (GATEWAY_SECRET_KEY or the data directory's key file); each use derives its own.
  const serverSecret = config.gatewaySecretKey ?? keyFromDataDir(config.dataDir);
  const mailSettings = createMailSettingsService({ db, serverSecret, mailFrom: config.mailFrom });
  const outboundFetch = createSafeFetch({ resolve: deps.resolveHost, allowHosts: config.outboundAllowHosts });
  const secretsBox = createSecretsBox(serverSecret);
  // An account with an active SMTP sender connection sends its own e-mails through its server.
  const smtpSenders = createSmtpSenders({ db, box: secretsBox, fetch: outboundFetch, ca: config.smtpTlsCa });
  // Merchant-initiated e-mail past the plan's e-mails a month is refused (docs/decisions/checkout-and-payments.md "Refusals").
  const emailAllowance = createEmailAllowance({ db });
  const marketingKey = marketingKeyFrom(serverSecret);
  const marketingLinks = { key: marketingKey, publicUrl: config.publicUrl };
  const mailer = createMailer({
    db,
    marksDb: database.marks,
    config,
    queue,
    senderOf: mailSettings.senderOf,
    accountServers: smtpSenders,
    allowance: emailAllowance,
    marketing: marketingLinks,
  });
  const users = createUsersService({ db, config, mailer, queue, sessions, clock: deps.accountsClock });
  const staff = createStaffService({ db, config, mailer, users, sessions });
  const funnels = createFunnelsService({ db });
  const steps = createStepsService({ db });
  const templates = createTemplatesService({ db });
  const storage: FileStorage =
    deps.storage ??
    (config.s3
      ? createS3Storage(config.s3, { publicUrl: config.publicUrl })
      : createLocalStorage({ dataDir: config.dataDir, publicUrl: config.publicUrl }));
  const emailTemplates = createEmailTemplatesService({
    db,
    mailer,
    previewKey: previewKeyFrom(serverSecret),
    publicUrl: config.publicUrl,
  });
  const cipher = createCredentialCipher(serverSecret);
  const gatewayCredentials = createCredentialStore({ db, cipher });
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
  const sandbox = createSandboxGateway();
  const metrics = config.metricsToken ? createMetrics({ role: config.processRole, database }) : null;
  const configuredGateways =
    deps.gateways ??
    createGatewayRegistry({
      adapters: [sandbox, createCashOnDeliveryGateway(), stripe, paypal],
      credentialsFor: (accountId, gatewayId) => gatewayCredentials.load(accountId, gatewayId),
    });
  const gatewayRegistry = metrics ? countCheckoutOutcomes(configuredGateways, metrics) : configuredGateways;
  const events =
    deps.events ??
    createEventBus({
      onError: (name, error) => log.error({ err: error }, `event handler of ${name} failed`),
    });
  const orders = createOrdersService({ db, reads: database.reads, gateways: gatewayRegistry, events });
  const subscriptions = createSubscriptionsService({
    db,
    gateways: gatewayRegistry,
    queue,
    events,
    log: (message) => log.error(message),
  });
  subscriptions.registerJobs();
  const checkout = createCheckoutService({
    db,
    liveness: database.liveness,
    gateways: gatewayRegistry,
    events,
    subscriptions,
    queue,
    confirmationDelaySeconds: config.orderConfirmationDelaySeconds,
    jobExpirySeconds: config.jobExpirySeconds,
  });
  const paymentReconciliation = registerPaymentReconciliation(
    queue,
    (onError) => checkout.reconcilePayments(onError),
    (error, orderId) => log.error({ err: error, orderId }, 'payment reconciliation failed'),
  );
  const outbox = createOutbox({
    db,
    queue,
    claimSeconds: config.jobExpirySeconds,
    pollMs: config.outboxPollingIntervalSeconds * 1000,
    // A failed query's message is its SQL; the database's reason is its cause.
    onError: (error) =>
      log.error(
        { err: error instanceof Error && error.cause instanceof Error ? error.cause : error },
        'outbox dispatch failed',
      ),
  });
  // Each commit that recorded an event wakes the outbox at once (the bus's publishers too); its poll
  // covers a process that died in between.
  const stopWaking = wakeOnCommit(db, () => outbox.wake());
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
  const reportError = (error: unknown, what: string) => log.error({ err: error }, what);
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
    onError: reportError,
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
  const automationsEngine = createAutomationsEngine({
    db,
    queue,
    outbox,
    mailer,
    sms: smsSending,
    integrations,
    marketing: marketingLinks,
    clock: deps.clock,
    jobExpirySeconds: config.jobExpirySeconds,
    retryDelaySeconds: config.automationRetryDelaySeconds,
    onError: reportError,
  });
  const checkHookTarget = createTargetCheck({ check: outboundFetch.check });
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
    log: (message) => log.error(message),
  });
  billing.registerJobs();
  const billingReconciliation = createBillingReconciliation({
    db,
    secretKey: config.stripeBillingSecretKey,
    apiBase: config.stripeApiBase,
  }).register(queue, (error) => log.error({ err: error }, 'billing reconciliation failed'));
  const planLimits = createPlanLimits({ db, apiRate, clock: deps.accountsClock });
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
    log: (message) => log.error(message),
  });
  const products = createProductsService({ db });
  const publishing = createPublishingService({ db });

  return {
    /** The events outbox: `wake()` dispatches soon (a commit's wake, or whoever wrote events behind recordEvent). */
    outbox,
    sessions,
    apiKeys,
    gatewayCredentials,
    metrics,
    planLimits,
    onPlanChange,
    serverSecret,
    marketingKey,
    marketingLinks,
    mailer,
    users,
    staff,
    funnels,
    steps,
    publishing,
    templates,
    kitFunnels: createKitFunnels({ templates, funnels, steps }),
    products,
    discounts: createDiscountsService({ db }),
    trackingCodes: createTrackingCodesService({ db }),
    domains: createDomainsService({ db, lookupTxt: createTxtLookup({ servers: config.dnsServers }) }),
    funnelApps: createFunnelAppsService({ db, checkUrl: createTargetCheck({ check: outboundFetch.check }) }),
    geo: createGeoFunnelsService({ db }),
    sharing: createSharingService({ db, config }),
    images: createImagesService({ db, storage }),
    popups: createPopupsService({ db }),
    library: createLibraryService({ db }),
    emailTemplates,
    mailSettings,
    stripe,
    paypal,
    gateways,
    /** The registry's Sandbox, which takes the card form's tokens (tests give their own adapters). */
    cardSandbox:
      registrySandbox && 'tokenizeCard' in registrySandbox ? (registrySandbox as SandboxGateway) : undefined,
    // Search and the customers and orders lists may be a moment behind: a replica's (db/replica.ts).
    search: createSearchService({ db: database.reads }),
    activity: createActivityService({ db }),
    // The Dashboard's reads run on connections of their own (db/client.ts `reports`).
    analytics: createAnalyticsService({ db, store: createRollupStore(database.reports) }),
    /** `kick()` starts the analytics rollup job's chain once the queue has started. */
    analyticsRollup: registerRollupJob(queue, db, {
      onError: (error) => log.error({ err: error }, 'analytics rollup failed'),
    }),
    events,
    orders,
    customers: createCustomersService({ db, reads: database.reads }),
    exports: createExportsService({
      db,
      database,
      queue,
      files: config.s3
        ? createS3ExportFiles(createS3Client(config.s3), config.s3.bucket)
        : createLocalExportFiles(config.dataDir),
      jobExpirySeconds: config.exportJobExpirySeconds,
    }),
    subscriptions,
    checkout,
    receipts,
    sms,
    smsSending,
    smsProvider,
    webhooks,
    integrationRegistry,
    integrations,
    googleConnect: createGoogleConnect({ db, integrations, settings: config.google, serverSecret }),
    apps: createAppsService({ db, integrations, deliveries: webhooks }),
    automationsEngine,
    automations: createAutomationsService({
      db,
      engine: automationsEngine,
      startFromShared: (accountId, userId, input) => emailTemplates.startFromShared(accountId, userId, input),
    }),
    developers: createDevelopersService({ db, apiKeys }),
    hooks: createHooksService({
      db,
      queue,
      outbox,
      serverSecret,
      checkTarget: checkHookTarget,
      deliver: createDeliverHook({ checkTarget: checkHookTarget, fetch: outboundFetch }),
      onError: (error, what) => log.warn({ err: error }, what),
    }),
    billing,
    billingWebhooks,
    /** `kick()` starts the daily billing reconciliation's chain once the queue has started. */
    billingReconciliation,
    /** `kick()` starts the hourly chain that settles the payments no page or webhook reported. */
    paymentReconciliation,
    onboarding: createOnboardingService({ db }),
    async stop() {
      stopWaking();
      // The API requests taken ahead and not used go back before the database closes.
      await apiRate.close();
    },
  };
}
export type Services = ReturnType<typeof createServices>;
