import {
  INACTIVE_TEXT,
  INTEGRATIONS,
  type IntegrationInfo,
  integrationById,
  NOT_AVAILABLE_TEXT,
  NOT_CONFIGURED_TEXT,
} from '@funnelwork/domain/integrations/catalogue';
import type { IntegrationInfoAnswer, UserIntegration } from '@funnelwork/domain/integrations/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { userIntegrations } from '../../db/schema/index.ts';
import type { SafeFetch } from '../../net/safe-fetch.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import {
  type Connection,
  type IntegrationAdapter,
  type IntegrationContext,
  IntegrationError,
  type IntegrationMethod,
  type IntegrationRegistry,
} from './integrations.adapter.ts';
import type { SecretsBox } from './integrations.secrets.ts';

type Row = typeof userIntegrations.$inferSelect;

/** The generic method every adapter has: checks the stored connection against the service. */
const testMethod: IntegrationMethod = {
  description: 'Checks the connection against the service.',
  permission: 'member',
  input: z.object({}),
  run: async () => undefined,
};

const toHttp = (error: unknown): unknown =>
  error instanceof IntegrationError
    ? new HttpError(
        error.status,
        error.message,
        error.status === 400 ? 'validation_error' : 'integration_error',
        error.field,
        { cause: error },
      )
    : error;

/**
 * Integrations of an account: the catalogue with each one's state, the connections, connect and
 * custom-connect (through the adapter, secrets sealed), disconnect, the active switch, and the
 * adapters' methods. Routes check permissions; everything here is scoped to the account.
 */
export function createIntegrationsService({
  db,
  registry,
  box,
  fetch,
}: {
  db: Db;
  registry: IntegrationRegistry;
  box: SecretsBox;
  fetch: SafeFetch;
}) {
  function answer(row: Row): UserIntegration {
    return {
      id: row.id,
      integration_id: row.integrationId,
      name: integrationById(row.integrationId)?.name ?? 'Integration',
      active: row.active,
      connected: row.connectedAt !== null,
      connected_at: iso(row.connectedAt),
      settings: row.settings,
      api_base: row.apiBase,
      secrets: row.secretNames,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    };
  }

  function connectionOf(row: Row): Connection {
    return {
      id: row.id,
      accountId: row.accountId,
      integrationId: row.integrationId,
      active: row.active,
      settings: row.settings,
      apiBase: row.apiBase,
      secrets: row.secretsSealed
        ? box.open({ accountId: row.accountId, integrationId: row.integrationId }, row.secretsSealed)
        : {},
    };
  }

  function contextFor(accountId: number, row: Row | null, idempotencyKey?: string): IntegrationContext {
    return {
      accountId,
      fetch,
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      async replaceSecrets(secrets) {
        if (!row) throw new Error('replaceSecrets needs a stored connection');
        await db
          .update(userIntegrations)
          .set({
            secretsSealed: box.seal({ accountId, integrationId: row.integrationId }, secrets),
            secretNames: Object.keys(secrets).sort(),
            updatedAt: new Date(),
          })
          .where(and(ownedBy(userIntegrations, accountId), eq(userIntegrations.id, row.id)));
      },
    };
  }

  async function rowOf(accountId: number, id: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(userIntegrations)
      .where(and(ownedBy(userIntegrations, accountId), eq(userIntegrations.id, id)));
    if (!row) throw notFound('Integration');
    return row;
  }

  function status(info: IntegrationInfo, adapter: IntegrationAdapter | undefined, row: Row | undefined) {
    if (info.inactive) return INACTIVE_TEXT;
    if (!adapter) return NOT_AVAILABLE_TEXT;
    if (adapter.notConfigured) return NOT_CONFIGURED_TEXT;
    if (!row || row.connectedAt === null) return 'Not connected';
    return row.active ? 'Connected' : 'Switched off';
  }

  function methodsOf(adapter: IntegrationAdapter | undefined) {
    if (!adapter) return [];
    return Object.entries({ test: testMethod, ...adapter.methods }).map(([name, method]) => ({
      name,
      description: method.description,
      permission: method.permission,
      input_schema: z.toJSONSchema(method.input, { io: 'input', unrepresentable: 'any' }) as Record<
        string,
        unknown
      >,
    }));
  }

  /** The adapter of a connectable catalogue entry, or the refusal that says why it cannot connect. */
  function adapterFor(integrationId: number): { info: IntegrationInfo; adapter: IntegrationAdapter } {
    const info = integrationById(integrationId);
    if (!info)
      throw new HttpError(400, 'integration_id: no such integration', 'validation_error', 'integration_id');
    if (info.inactive) throw new HttpError(422, `${info.name} is inactive`, 'integration_inactive');
    const adapter = registry.get(integrationId);
    if (!adapter) {
      throw new HttpError(422, `${info.name}: ${NOT_AVAILABLE_TEXT}`, 'integration_not_available');
    }
    if (adapter.notConfigured) {
      throw new HttpError(422, `${info.name} is ${adapter.notConfigured}`, 'integration_not_configured');
    }
    return { info, adapter };
  }

  return {
    adapterFor,
    connectionOf,
    contextFor,
    rowOf,

    async catalogue(accountId: number): Promise<IntegrationInfoAnswer[]> {
      const rows = await db.select().from(userIntegrations).where(ownedBy(userIntegrations, accountId));
      return INTEGRATIONS.map((info) => {
        const adapter = info.inactive ? undefined : registry.get(info.id);
        const row = rows.find((r) => r.integrationId === info.id);
        return {
          id: info.id,
          slug: info.slug,
          name: info.name,
          kind: info.kind,
          description: info.description,
          available: adapter !== undefined && !adapter.notConfigured,
          not_configured: adapter?.notConfigured ?? null,
          inactive: info.inactive,
          status: status(info, adapter, row),
          custom_connect: adapter?.customConnect ?? false,
          connect_fields: adapter?.connectFields ?? [],
          methods: methodsOf(adapter),
          user_integration_id: row?.id ?? null,
          active: row ? row.active : null,
        };
      });
    },

    async list(accountId: number): Promise<UserIntegration[]> {
      const rows = await db
        .select()
        .from(userIntegrations)
        .where(ownedBy(userIntegrations, accountId))
        .orderBy(userIntegrations.integrationId);
      return rows.map(answer);
    },

    async get(accountId: number, id: number): Promise<UserIntegration> {
      return answer(await rowOf(accountId, id));
    },

    /**
     * Connects (or reconnects) an integration: the adapter checks the form against the service first,
     * so a refused connect leaves the stored one as it was.
     */
    async connect(
      accountId: number,
      input: { integrationId: number; fields: Record<string, unknown>; apiBase: string | null },
    ): Promise<UserIntegration & { revealed: Record<string, string> }> {
      const { adapter, info } = adapterFor(input.integrationId);
      if (input.apiBase !== null) {
        if (!adapter.customConnect) {
          throw new HttpError(
            422,
            `${info.name} cannot be connected to a custom address`,
            'integration_error',
          );
        }
        try {
          await fetch.check(input.apiBase);
        } catch (error) {
          throw new HttpError(400, `api_base: ${(error as Error).message}`, 'validation_error', 'api_base');
        }
      }
      const [existing] = await db
        .select()
        .from(userIntegrations)
        .where(and(ownedBy(userIntegrations, accountId), eq(userIntegrations.integrationId, info.id)));
      const previous = existing?.connectedAt ? connectionOf(existing) : null;
      let result: Awaited<ReturnType<IntegrationAdapter['connect']>>;
      try {
        result = await adapter.connect(
          { fields: input.fields, apiBase: input.apiBase, previous },
          contextFor(accountId, existing ?? null),
        );
      } catch (error) {
        throw toHttp(error);
      }
      const now = new Date();
      const values = {
        settings: result.settings,
        apiBase: input.apiBase,
        secretsSealed:
          Object.keys(result.secrets).length > 0
            ? box.seal({ accountId, integrationId: info.id }, result.secrets)
            : null,
        secretNames: Object.keys(result.secrets).sort(),
        active: true,
        connectedAt: now,
        updatedAt: now,
      };
      // One connection per integration and account: a racing second connect updates the same row.
      const [row] = await db
        .insert(userIntegrations)
        .values({ accountId, integrationId: info.id, ...values })
        .onConflictDoUpdate({
          target: [userIntegrations.accountId, userIntegrations.integrationId],
          set: values,
        })
        .returning();
      if (!row) throw new Error('connect stored nothing');
      return { ...answer(row), revealed: result.revealed ?? {} };
    },

    /** Forgets the secrets and stops the connection; its row (and delivery log) stays. */
    async disconnect(accountId: number, id: number): Promise<UserIntegration> {
      const row = await rowOf(accountId, id);
      const adapter = registry.get(row.integrationId);
      if (row.connectedAt !== null && adapter?.disconnect) {
        try {
          await adapter.disconnect(connectionOf(row), contextFor(accountId, row));
        } catch {
          // The service could not be told; the connection is forgotten here all the same.
        }
      }
      const [updated] = await db
        .update(userIntegrations)
        .set({
          secretsSealed: null,
          secretNames: [],
          connectedAt: null,
          active: false,
          updatedAt: new Date(),
        })
        .where(and(ownedBy(userIntegrations, accountId), eq(userIntegrations.id, id)))
        .returning();
      if (!updated) throw notFound('Integration');
      return answer(updated);
    },

    async setActive(accountId: number, id: number, active: boolean): Promise<UserIntegration> {
      const row = await rowOf(accountId, id);
      if (active && row.connectedAt === null) {
        throw new HttpError(422, 'Connect the integration before switching it on', 'integration_error');
      }
      const [updated] = await db
        .update(userIntegrations)
        .set({ active, updatedAt: sql`now()` })
        .where(and(ownedBy(userIntegrations, accountId), eq(userIntegrations.id, id)))
        .returning();
      if (!updated) throw notFound('Integration');
      return answer(updated);
    },

    /** The method's permission, so the route can check it before anything runs. */
    async methodOf(accountId: number, id: number, name: string) {
      const row = await rowOf(accountId, id);
      const adapter = registry.get(row.integrationId);
      if (!adapter) throw notFound('Method');
      // Own properties only: 'constructor' or 'toString' are not methods.
      const method =
        name === 'test'
          ? testMethod
          : Object.hasOwn(adapter.methods, name)
            ? adapter.methods[name]
            : undefined;
      if (!method) throw notFound('Method');
      return { row, adapter, method };
    },

    async callMethod(
      accountId: number,
      id: number,
      name: string,
      input: unknown,
      options: { idempotencyKey?: string } = {},
    ): Promise<unknown> {
      const { row, adapter, method } = await this.methodOf(accountId, id, name);
      if (row.connectedAt === null) {
        throw new HttpError(422, 'Connect the integration first', 'integration_error');
      }
      const parsed = method.input.safeParse(input ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'data';
        throw new HttpError(400, `${field}: ${issue?.message ?? 'is not valid'}`, 'validation_error', field);
      }
      try {
        const context = contextFor(accountId, row, options.idempotencyKey);
        if (name === 'test') return await adapter.test(connectionOf(row), context);
        return await method.run(connectionOf(row), parsed.data, context);
      } catch (error) {
        throw toHttp(error);
      }
    },

    /** How an automation's order action builds its input from the run's order (the adapter's shape). */
    inputFromOrderOf(integrationId: number, name: string) {
      return registry.get(integrationId)?.methods[name]?.inputFromOrder;
    },

    /**
     * An automation's call: method {name} of the account's connection of catalogue integration
     * {integrationId}, through `callMethod` (the route's path), refused while it is switched off.
     */
    async callForAutomation(
      accountId: number,
      integrationId: number,
      name: string,
      input: unknown,
      idempotencyKey: string,
    ): Promise<unknown> {
      const [row] = await db
        .select()
        .from(userIntegrations)
        .where(and(ownedBy(userIntegrations, accountId), eq(userIntegrations.integrationId, integrationId)));
      const label = integrationById(integrationId)?.name ?? 'The integration';
      if (!row || row.connectedAt === null) {
        throw new HttpError(422, `${label} is not connected`, 'integration_error');
      }
      if (!row.active) throw new HttpError(422, `${label} is switched off`, 'integration_error');
      return this.callMethod(accountId, row.id, name, input, { idempotencyKey });
    },
  };
}
export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
