import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { EventBus } from './events/bus.ts';
import type { GatewayRegistry } from './gateways/registry.ts';
import { createHttpApp, serveDashboard } from './http.ts';
import type { JobQueue } from './jobs/queue.ts';
import { marketingMailRoutes } from './mail/marketing.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { appsRoutes } from './modules/apps/apps.routes.ts';
import { automationsRoutes } from './modules/automations/automations.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { changelogRoutes } from './modules/changelog/changelog.routes.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { developersRoutes } from './modules/developers/developers.routes.ts';
import { domainsRoutes } from './modules/domains/domains.routes.ts';
import {
  emailTemplatePreviewRoute,
  emailTemplatesRoutes,
} from './modules/email-templates/email-templates.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { funnelAppsRoutes } from './modules/funnel-apps/funnel-apps.routes.ts';
import { funnelsRoutes } from './modules/funnels/funnels.routes.ts';
import { gatewaysRoutes } from './modules/gateways/gateways.routes.ts';
import { geoFunnelsRoutes } from './modules/geo-funnels/geo-funnels.routes.ts';
import { hooksRoutes } from './modules/hooks/hooks.routes.ts';
import { imagesRoutes, mediaRoute } from './modules/images/images.routes.ts';
import { googleSheetsRoutes } from './modules/integrations/google-sheets/google-sheets.routes.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { mailSettingsRoutes } from './modules/mail-settings/mail-settings.routes.ts';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { popupsRoutes } from './modules/popups/popups.routes.ts';
import { publishingRoutes } from './modules/publishing/publishing.routes.ts';
import { receiptsRoutes } from './modules/receipts/receipts.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { smsInboundRoutes, smsRoutes } from './modules/sms/sms.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { pagePreviewRoutes } from './modules/steps/page-preview.routes.ts';
import { pagesRoutes } from './modules/steps/pages.routes.ts';
import { stepsRoutes } from './modules/steps/steps.routes.ts';
import { discountsRoutes } from './modules/store/discounts.routes.ts';
import { productsRoutes } from './modules/store/products.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { trackingCodesRoutes } from './modules/tracking-codes/tracking-codes.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import type { HostResolver } from './net/safe-fetch.ts';
import { registerAuth } from './plugins/auth.ts';
import { createInvalidationBus } from './plugins/invalidation.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { checkoutRoutes, subscriptionsRoutes } from './runtime/checkout/checkout.routes.ts';
import { paypalWebhookRoutes } from './runtime/checkout/paypal-webhook.routes.ts';
import { stripeWebhookRoutes } from './runtime/checkout/stripe-webhook.routes.ts';
import { publishRoutes } from './runtime/publish.routes.ts';
import { registerRuntime } from './runtime/runtime.ts';
import { createServices, type Services } from './services.ts';
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services (services.ts), for the server's start and for tests. */
    services: Services;
  }
}

/**
 * The composition root: the HTTP setup (http.ts), the services built from the database, config and
 * logger (services.ts), the hooks that check every request, then every route with the services it uses.
 */
export async function buildApp(options: AppDeps): Promise<FastifyInstance> {
  const { config, database } = options;
  const { db } = database;
  const { app, answerEarly } = await createHttpApp(options);
  // Caches of this process that other server processes' writes make stale (sessions, published sites).
  const invalidations = await createInvalidationBus(database, {
    onError: (error, what) => app.log.error({ err: error }, what),
  });
  app.addHook('onClose', () => invalidations.close());
  const services = createServices({ ...options, log: app.log, invalidations });
  app.addHook('onClose', async () => services.stop());
  app.decorate('services', services);
  const s = services;

  registerMetrics(app, s.metrics, config.metricsToken);
  registerAuth(app, { db, config, sessions: s.sessions, apiKeys: s.apiKeys });
  app.addHook('preHandler', s.planLimits.check);

  await app.register(
    async (api) => {
      systemRoutes(api, { database });
      changelogRoutes(api, { changelogPath: config.changelogPath, chatWidgetUrl: config.chatWidgetUrl });
      usersRoutes(api, { db, users: s.users });
      staffRoutes(api, { staff: s.staff });
      accountRoutes(api, { db });
      mailboxRoutes(api, { db, marketing: s.marketingLinks });
      funnelsRoutes(api, { db, funnels: s.funnels });
      stepsRoutes(api, { steps: s.steps });
      pagesRoutes(api, { steps: s.steps });
      publishingRoutes(api, { publishing: s.publishing });
      pagePreviewRoutes(api, { db });
      templatesRoutes(api, { templates: s.templates, kitFunnels: s.kitFunnels });
      productsRoutes(api, { products: s.products });
      discountsRoutes(api, { discounts: s.discounts });
      trackingCodesRoutes(api, { codes: s.trackingCodes });
      domainsRoutes(api, { domains: s.domains });
      funnelAppsRoutes(api, { apps: s.funnelApps, deliveries: s.webhooks });
      geoFunnelsRoutes(api, { db, geo: s.geo });
      sharingRoutes(api, { db, sharing: s.sharing });
      await imagesRoutes(api, { images: s.images });
      popupsRoutes(api, { popups: s.popups });
      libraryRoutes(api, { library: s.library });
      emailTemplatesRoutes(api, { templates: s.emailTemplates });
      receiptsRoutes(api, { receipts: s.receipts });
      mailSettingsRoutes(api, { settings: s.mailSettings });
      smsRoutes(api, { sms: s.sms });
      automationsRoutes(api, { automations: s.automations });
      gatewaysRoutes(api, { gateways: s.gateways });
      await stripeWebhookRoutes(api, {
        credentials: s.gatewayCredentials,
        checkout: s.checkout,
        stripe: s.stripe,
        devSecret: config.stripeWebhookSecret,
      });
      await paypalWebhookRoutes(api, {
        credentials: s.gatewayCredentials,
        checkout: s.checkout,
        paypal: s.paypal,
      });
      integrationsRoutes(api, { integrations: s.integrations, deliveries: s.webhooks });
      googleSheetsRoutes(api, {
        db,
        integrations: s.integrations,
        settings: config.google,
        serverSecret: s.serverSecret,
        publicUrl: config.publicUrl,
      });
      appsRoutes(api, { apps: s.apps, google: s.googleConnect, publicUrl: config.publicUrl });
      searchRoutes(api, { search: s.search });
      activityRoutes(api, { activity: s.activity });
      analyticsRoutes(api, { analytics: s.analytics });
      ordersRoutes(api, { orders: s.orders });
      exportsRoutes(api, { exports: s.exports });
      customersRoutes(api, { db, customers: s.customers, orders: s.orders });
      subscriptionsRoutes(api, { subscriptions: s.subscriptions });
      onboardingRoutes(api, { onboarding: s.onboarding });
      await billingRoutes(api, {
        billing: s.billing,
        webhooks: s.billingWebhooks,
        onPlanChange: s.onPlanChange,
      });
      publishRoutes(api, { db, config });
      developersRoutes(api, { developers: s.developers });
      hooksRoutes(api, { hooks: s.hooks });
    },
    { prefix: '/api' },
  );

  mediaRoute(app, { images: s.images });
  emailTemplatePreviewRoute(app, { templates: s.emailTemplates });
  marketingMailRoutes(app, { db, key: s.marketingKey });
  smsInboundRoutes(app, { sending: s.smsSending, provider: s.smsProvider, publicUrl: config.publicUrl });
  checkoutRoutes(app, {
    checkout: s.checkout,
    sandbox: s.cardSandbox,
    secureCookies: config.publicUrl.startsWith('https://'),
  });
  await registerRuntime(app, {
    db,
    config,
    credentials: s.gatewayCredentials,
    invalidations,
    metrics: s.metrics,
    eventsWritten: s.analyticsRollup.wake,
  });
  answerEarly(app.runtime.answers);
  await serveDashboard(app, config);
  return app;
}
