import { accountEndpoints } from './account.ts';
import { activityEndpoints } from './activity.ts';
import { analyticsEndpoints } from './analytics.ts';
import { appsEndpoints } from './apps.ts';
import { automationsEndpoints } from './automations.ts';
import { billingEndpoints } from './billing.ts';
import { changelogEndpoints } from './changelog.ts';
import { customersEndpoints } from './customers.ts';
import { developersEndpoints } from './developers.ts';
import { domainsEndpoints } from './domains.ts';
import { emailTemplatesEndpoints } from './email-templates.ts';
import type { Endpoint } from './endpoint.ts';
import { exportsEndpoints } from './exports.ts';
import { funnelAppsEndpoints } from './funnel-apps.ts';
import { funnelsEndpoints } from './funnels.ts';
import { gatewaysEndpoints } from './gateways.ts';
import { geoFunnelsEndpoints } from './geo-funnels.ts';
import { hooksEndpoints } from './hooks.ts';
import { imagesEndpoints } from './images.ts';
import { integrationsEndpoints } from './integrations.ts';
import { libraryEndpoints } from './library.ts';
import { mailEndpoints } from './mail.ts';
import { mailSettingsEndpoints } from './mail-settings.ts';
import { mailboxEndpoints } from './mailbox.ts';
import { onboardingEndpoints } from './onboarding.ts';
import { ordersEndpoints } from './orders.ts';
import { popupsEndpoints } from './popups.ts';
import { publishingEndpoints } from './publishing.ts';
import { receiptsEndpoints } from './receipts.ts';
import { runtimeEndpoints } from './runtime.ts';
import { searchEndpoints } from './search.ts';
import { sharingEndpoints } from './sharing.ts';
import { smsEndpoints } from './sms.ts';
import { staffEndpoints } from './staff.ts';
import { stepsEndpoints } from './steps.ts';
import { storeEndpoints } from './store.ts';
import { systemEndpoints } from './system.ts';
import { templatesEndpoints } from './templates.ts';
import { trackingCodesEndpoints } from './tracking-codes.ts';
import { usersEndpoints } from './users.ts';

/**
 * Every endpoint the server registers, once: its method and path, its zod schemas, who may call it
 * (`access`), the API-key scope and its summary. The server takes each route's permission, scope and
 * schemas from here (apps/server/src/plugins/endpoints.ts), the OpenAPI document its summaries and tags,
 * and the web's client its types (apps/web/src/shared/api-client.ts).
 *
 * Adding an endpoint: add a row to its area's file (`./orders.ts` …; a new area is a new file listed
 * here) with `method`, `path` as Fastify writes it (`/api/orders/:id`), its schemas, `access` (a write
 * names a permission flag, or says in `anyMember`/`signedIn`/`public` why it needs none), `scope` if
 * developer apps may call it, `summary` and `tag`; then register the route with
 * `schema: schemaOf(endpoints.<area>.<name>)`. A route missing here stops the server at start, and
 * apps/server/src/plugins/endpoints.test.ts fails for a row no route serves.
 */
export const endpoints = {
  account: accountEndpoints,
  activity: activityEndpoints,
  analytics: analyticsEndpoints,
  apps: appsEndpoints,
  automations: automationsEndpoints,
  billing: billingEndpoints,
  changelog: changelogEndpoints,
  customers: customersEndpoints,
  developers: developersEndpoints,
  domains: domainsEndpoints,
  emailTemplates: emailTemplatesEndpoints,
  exports: exportsEndpoints,
  funnelApps: funnelAppsEndpoints,
  funnels: funnelsEndpoints,
  gateways: gatewaysEndpoints,
  geoFunnels: geoFunnelsEndpoints,
  hooks: hooksEndpoints,
  images: imagesEndpoints,
  integrations: integrationsEndpoints,
  library: libraryEndpoints,
  mail: mailEndpoints,
  mailSettings: mailSettingsEndpoints,
  mailbox: mailboxEndpoints,
  onboarding: onboardingEndpoints,
  orders: ordersEndpoints,
  popups: popupsEndpoints,
  publishing: publishingEndpoints,
  receipts: receiptsEndpoints,
  runtime: runtimeEndpoints,
  search: searchEndpoints,
  sharing: sharingEndpoints,
  sms: smsEndpoints,
  staff: staffEndpoints,
  steps: stepsEndpoints,
  store: storeEndpoints,
  system: systemEndpoints,
  templates: templatesEndpoints,
  trackingCodes: trackingCodesEndpoints,
  users: usersEndpoints,
} as const;

/** Every row, for the server's lookup by method and path and for the table's tests. */
export const ENDPOINT_LIST: Endpoint[] = Object.values(endpoints).flatMap((area) => Object.values(area));
