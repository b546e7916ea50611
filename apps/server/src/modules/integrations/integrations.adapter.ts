import type { ConnectField } from '@funnelwork/domain/integrations/contracts';
import type { IntegrationMethodAnswer } from '@funnelwork/domain/integrations/methods';
import type { z } from 'zod';
import type { orderItems, orders } from '../../db/schema/index.ts';
import type { SafeFetch } from '../../net/safe-fetch.ts';

/**
 * The one interface every integration implements (Webhook, Google Sheets, Mailchimp, Shopify, GA4,
 * SMTP …). An adapter talks to its service's real HTTP API through `context.fetch` (the SSRF guard)
 * at an address that tests point at a local fake server of that API. The framework around it
 * (integrations.service.ts) owns the rest: the catalogue, permissions, the account scope, sealing
 * secrets at rest, the active switch and the routes.
 *
 * To add an integration: write `modules/integrations/<slug>/<slug>.adapter.ts` exporting a factory
 * that answers an `IntegrationAdapter`, give its API base a setting in config.ts (as STRIPE_API_BASE),
 * and register it in `createIntegrationRegistry` (app.ts). Until then the catalogue lists it as
 * 'Not available yet'.
 */

/** A stored connection as an adapter sees it: secrets already opened, never to be logged or answered. */
export type Connection = {
  id: number;
  accountId: number;
  integrationId: number;
  active: boolean;
  /** What `connect` answered as `settings` (not secret; shown on screen). */
  settings: Record<string, unknown>;
  /** custom-connect's address of the service, else null (the adapter's configured base). */
  apiBase: string | null;
  /** What `connect` answered as `secrets`, opened. */
  secrets: Record<string, string>;
};

export type IntegrationContext = {
  accountId: number;
  /** Outbound HTTP: refuses private addresses after DNS and on every redirect; timeout and size cap. */
  fetch: SafeFetch;
  /**
   * The caller's key for this one side effect (an automation step's): an adapter whose service takes
   * one passes it on, so a retried call is not done twice. Absent for a merchant's own call.
   */
  idempotencyKey?: string;
  /** Replaces the connection's sealed secrets (a rotated signing secret, a refreshed OAuth token). */
  replaceSecrets(secrets: Record<string, string>): Promise<void>;
};

/** What a successful connect stores: `settings` in clear, `secrets` sealed; `revealed` is shown once. */
export type ConnectResult = {
  settings: Record<string, unknown>;
  secrets: Record<string, string>;
  revealed?: Record<string, string>;
};

/** A refusal the merchant can act on: the route answers it as 400 (bad field) or 422 (service said no). */
export class IntegrationError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 422 = 422,
    readonly field?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A method of `call-integration-method/{id}/{method}`: its input is checked with `input` first. */
export type IntegrationMethod<I extends z.ZodType = z.ZodType> = {
  description: string;
  /** 'admin' needs the admin flag; 'member' is any member of the account with the integrations permission. */
  permission: 'admin' | 'member';
  input: I;
  run(connection: Connection, input: z.output<I>, context: IntegrationContext): Promise<unknown>;
  /**
   * An order action of automations (`orderFields` in the domain's integration actions): its input built
   * from the run's order and the step's non-blank texts, in this service's shape.
   */
  inputFromOrder?(order: OrderWithLines, texts: Record<string, string | string[]>): Record<string, unknown>;
};

/** An order with its lines, as an automation run reads it. */
export type OrderWithLines = typeof orders.$inferSelect & { lines: Array<typeof orderItems.$inferSelect> };

/** A line's name with its variant, as an order action sends it (both services cap item names at 100). */
export const orderLineTitle = (line: OrderWithLines['lines'][number]) =>
  (line.variantTitle ? `${line.name} – ${line.variantTitle}` : line.name).slice(0, 100);

/** Minor units as a decimal amount (4990 → 49.9). */
export const majorAmount = (minor: number) => Number((minor / 100).toFixed(2));

/** Builds a method with its input type inferred (so `run` is checked against `input`). */
export const integrationMethod = <I extends z.ZodType>(method: IntegrationMethod<I>) =>
  method as unknown as IntegrationMethod;

export type IntegrationAdapter = {
  /** The catalogue id (`INTEGRATIONS` in packages/domain/src/integrations/catalogue.ts). */
  integrationId: number;
  /** The connect form: the screen draws it, `connect` checks it. */
  connectFields: ConnectField[];
  /** Whether custom-connect (a merchant-given API address, through the SSRF guard) makes sense. */
  customConnect: boolean;
  /**
   * Set when the server lacks a setting the adapter needs (Google Sheets without GOOGLE_CLIENT_ID): the
   * catalogue shows it as the status, and connecting is refused with it.
   */
  notConfigured?: string;
  /**
   * Checks the form, tests the credentials against the service, and answers what to store. Throws
   * IntegrationError when the form is wrong (400, naming the field) or the service refuses (422).
   * `previous` is the connection being replaced, so secrets the merchant did not re-enter can be kept.
   */
  connect(
    input: { fields: Record<string, unknown>; apiBase: string | null; previous: Connection | null },
    context: IntegrationContext,
  ): Promise<ConnectResult>;
  /** Checks a stored connection against the service (the generic `test` method). */
  test(connection: Connection, context: IntegrationContext): Promise<IntegrationMethodAnswer<'test'>>;
  /** The adapter's own methods, by name (lower-case, dashes). */
  methods: Record<string, IntegrationMethod>;
  /** Tells the service the connection is gone (revokes a token), when it has such a call. */
  disconnect?(connection: Connection, context: IntegrationContext): Promise<void>;
};

export type IntegrationRegistry = {
  get(integrationId: number): IntegrationAdapter | undefined;
  all(): IntegrationAdapter[];
};

export function createIntegrationRegistry(adapters: IntegrationAdapter[]): IntegrationRegistry {
  const byId = new Map(adapters.map((adapter) => [adapter.integrationId, adapter]));
  if (byId.size !== adapters.length) throw new Error('Two integration adapters share an id');
  return { get: (integrationId) => byId.get(integrationId), all: () => [...byId.values()] };
}
