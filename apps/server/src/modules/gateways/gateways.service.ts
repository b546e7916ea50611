import {
  CONNECTABLE_GATEWAYS,
  type ConnectGatewayBody,
  type CreateUserGatewayBody,
  type GatewayInfo,
  isConnectable,
  maskSecret,
  PAYMENT_METHOD_GROUPS,
  type PatchUserGatewayBody,
  paymentMethodGroupOf,
  type UserGateway,
} from '@funnelwork/domain/gateways/contracts';
import { GATEWAYS, gatewayById } from '@funnelwork/domain/orders/gateways';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, ownedBy } from '../../db/query-helpers.ts';
import { userGateways } from '../../db/schema/index.ts';
import type { CredentialCipher } from '../../gateways/credentials.ts';
import type { KeyCheck } from '../../gateways/stripe.ts';
import type { GatewayCredentials } from '../../gateways/types.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import {
  findUserGateway,
  type UserGatewayRow,
  userGatewayOfKind,
  userGatewayOut,
  userGatewaysOf,
} from './gateways.queries.ts';

/** Asks the gateway whether it accepts credentials before they are stored (Stripe: GET /v1/balance). */
export type CredentialVerifier = (
  credentials: GatewayCredentials,
  scope: { accountId: number },
) => Promise<KeyCheck>;

type Deps = {
  db: Db;
  cipher: CredentialCipher;
  verifiers: Partial<Record<number, CredentialVerifier>>;
};

/** What a connection stores: the ciphertext, the masked hint and the mode the keys run in. */
type Connection = {
  credentialsCiphertext: string | null;
  credentialsHint: Record<string, string>;
  mode: 'live' | 'test';
  connectedAt: Date;
};

const badCredential = (key: string, message: string) =>
  new HttpError(400, `data.credentials.${key}: ${message}`, 'validation_error', `data.credentials.${key}`);

export function createGatewaysService({ db, cipher, verifiers }: Deps) {
  function connectableOrRefuse(gatewayId: number) {
    const gateway = gatewayById(gatewayId);
    if (gateway.name === 'Unknown') throw notFound('Gateway');
    if (!isConnectable(gatewayId)) {
      throw new HttpError(422, `${gateway.name} cannot be connected yet`, 'gateway_not_connectable');
    }
    return gateway;
  }

  /** Checks the fields against the gateway's list, asks the gateway, then encrypts. */
  async function connection(
    accountId: number,
    gatewayId: number,
    credentials: GatewayCredentials = {},
  ): Promise<Connection> {
    const fields = CONNECTABLE_GATEWAYS[gatewayId] ?? [];
    const gatewayName = gatewayById(gatewayId).name;
    for (const key of Object.keys(credentials)) {
      if (!fields.some((f) => f.key === key)) {
        throw badCredential(key, `${gatewayName} takes no credential named ${key}`);
      }
    }
    for (const field of fields) {
      const value = credentials[field.key];
      if (value === undefined) {
        if (field.required) throw badCredential(field.key, `${field.label} is required`);
      } else if (field.pattern && !new RegExp(field.pattern).test(value)) {
        throw badCredential(field.key, `${field.label} is not a valid ${gatewayName} key`);
      }
    }
    let mode: 'live' | 'test' = gatewayId === 14 && !credentials.api_key ? 'test' : 'live';
    let stored: GatewayCredentials = credentials;
    const verify = verifiers[gatewayId];
    if (verify) {
      const check = await verify(credentials, { accountId });
      if (!check.ok) {
        // A refusal is about the key the merchant typed (the first field, unless the gateway names
        // another); an outage names no field.
        const key = check.field ?? fields[0]?.key;
        const field = check.retryable ? undefined : key && `data.credentials.${key}`;
        throw new HttpError(
          422,
          check.message,
          check.retryable ? 'gateway_unavailable' : 'gateway_refused',
          field,
        );
      }
      mode = check.mode;
      // What the gateway handed back (Stripe: the webhook's signing secret) is sealed with the keys.
      stored = { ...credentials, ...check.stored };
    }
    const hasCredentials = Object.keys(stored).length > 0;
    return {
      credentialsCiphertext: hasCredentials ? cipher.encrypt(stored, { accountId, gatewayId }) : null,
      credentialsHint: Object.fromEntries(Object.entries(credentials).map(([k, v]) => [k, maskSecret(v)])),
      mode,
      connectedAt: new Date(),
    };
  }

  /** The first connected gateway becomes the default one; setting a default clears the others. */
  async function settleDefault(tx: Db, accountId: number, row: UserGatewayRow, wantDefault?: boolean) {
    let makeDefault = wantDefault;
    if (makeDefault === undefined) {
      if (row.isDefault || row.connectedAt === null) return row;
      const [other] = await tx
        .select({ id: userGateways.id })
        .from(userGateways)
        .where(and(ownedBy(userGateways, accountId), eq(userGateways.isDefault, true)));
      if (other) return row;
      makeDefault = true;
    }
    if (makeDefault) {
      await tx
        .update(userGateways)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(
          and(
            ownedBy(userGateways, accountId),
            eq(userGateways.isDefault, true),
            ne(userGateways.id, row.id),
          ),
        );
    }
    const [updated] = await tx
      .update(userGateways)
      .set({ isDefault: makeDefault })
      .where(and(ownedBy(userGateways, accountId), eq(userGateways.id, row.id)))
      .returning();
    return updated ?? row;
  }

  /**
   * After the default gateway is disconnected, the next connected, switched-on gateway takes its place,
   * so checkouts keep charging through a real gateway rather than falling back to the Sandbox.
   */
  async function promoteNextDefault(tx: Db, accountId: number) {
    const [next] = await tx
      .select({ id: userGateways.id })
      .from(userGateways)
      .where(
        and(
          ownedBy(userGateways, accountId),
          isNotNull(userGateways.connectedAt),
          eq(userGateways.active, true),
        ),
      )
      .orderBy(asc(userGateways.gatewayId))
      .limit(1);
    if (!next) return;
    await tx
      .update(userGateways)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(and(ownedBy(userGateways, accountId), eq(userGateways.id, next.id)));
  }

  async function insert(
    accountId: number,
    values: Omit<typeof userGateways.$inferInsert, 'accountId'>,
    isDefault?: boolean,
  ): Promise<UserGateway> {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(userGateways)
          .values({ ...values, accountId })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return userGatewayOut(await settleDefault(tx, accountId, row, isDefault));
      });
    } catch (error) {
      if (isUniqueViolation(error, 'user_gateways_account_gateway_idx')) {
        throw new HttpError(
          409,
          `${gatewayById(values.gatewayId).name} is already set up in this account`,
          'conflict',
          'data.gateway_id',
        );
      }
      throw error;
    }
  }

  return {
    async catalogue(accountId: number): Promise<GatewayInfo[]> {
      const mine = new Map((await userGatewaysOf(db, accountId)).map((row) => [row.gatewayId, row.id]));
      return GATEWAYS.map((gateway) => ({
        id: gateway.id,
        name: gateway.name,
        refundable: gateway.refundable,
        deprecated: gateway.deprecated ?? false,
        connectable: isConnectable(gateway.id),
        payment_method_group_id: paymentMethodGroupOf(gateway.id),
        credential_fields: (CONNECTABLE_GATEWAYS[gateway.id] ?? []).map(({ key, label, required }) => ({
          key,
          label,
          required,
        })),
        user_gateway_id: mine.get(gateway.id) ?? null,
      }));
    },

    paymentMethodGroups() {
      return PAYMENT_METHOD_GROUPS.map((group) => ({ ...group, gateway_ids: [...group.gateway_ids] }));
    },

    async list(accountId: number): Promise<UserGateway[]> {
      return (await userGatewaysOf(db, accountId)).map(userGatewayOut);
    },

    async get(accountId: number, id: number): Promise<UserGateway> {
      return userGatewayOut(await findUserGateway(db, accountId, id));
    },

    /** Connects the gateway, or replaces the credentials of the one already set up. */
    async connect(accountId: number, gatewayId: number, body: ConnectGatewayBody): Promise<UserGateway> {
      const gateway = connectableOrRefuse(gatewayId);
      const connected = await connection(accountId, gatewayId, body.credentials);
      const existing = await userGatewayOfKind(db, accountId, gatewayId);
      if (!existing) {
        return insert(accountId, {
          gatewayId,
          name: body.name ?? gateway.name,
          settings: body.settings ?? {},
          ...connected,
        });
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(userGateways)
          .set({
            ...connected,
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.settings !== undefined ? { settings: body.settings } : {}),
            updatedAt: new Date(),
          })
          .where(and(ownedBy(userGateways, accountId), eq(userGateways.id, existing.id)))
          .returning();
        if (!row) throw notFound('Payment gateway');
        return userGatewayOut(await settleDefault(tx, accountId, row));
      });
    },

    /** Forgets the credentials; the set-up (name, settings) stays so it can be connected again. */
    async disconnect(accountId: number, gatewayId: number, userGatewayId: number): Promise<UserGateway> {
      const row = await findUserGateway(db, accountId, userGatewayId);
      if (row.gatewayId !== gatewayId) throw notFound('Payment gateway');
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(userGateways)
          .set({
            credentialsCiphertext: null,
            credentialsHint: {},
            connectedAt: null,
            isDefault: false,
            updatedAt: new Date(),
          })
          .where(and(ownedBy(userGateways, accountId), eq(userGateways.id, row.id)))
          .returning();
        if (!updated) throw notFound('Payment gateway');
        if (row.isDefault) await promoteNextDefault(tx, accountId);
        return userGatewayOut(updated);
      });
    },

    /** Sets a gateway up; it is connected at once when it needs no credentials or they are given. */
    async create(accountId: number, body: CreateUserGatewayBody): Promise<UserGateway> {
      const gateway = connectableOrRefuse(body.gateway_id);
      const needsNothing = !(CONNECTABLE_GATEWAYS[body.gateway_id] ?? []).some((f) => f.required);
      const connected =
        body.credentials !== undefined || needsNothing
          ? await connection(accountId, body.gateway_id, body.credentials)
          : null;
      return insert(
        accountId,
        {
          gatewayId: body.gateway_id,
          name: body.name ?? gateway.name,
          active: body.active ?? true,
          settings: body.settings ?? {},
          ...(connected ?? {}),
        },
        body.is_default,
      );
    },

    async patch(accountId: number, id: number, body: PatchUserGatewayBody): Promise<UserGateway> {
      const existing = await findUserGateway(db, accountId, id);
      const connected =
        body.credentials !== undefined
          ? await connection(accountId, existing.gatewayId, body.credentials)
          : null;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(userGateways)
          .set({
            ...(connected ?? {}),
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.active !== undefined ? { active: body.active } : {}),
            ...(body.settings !== undefined ? { settings: body.settings } : {}),
            updatedAt: new Date(),
          })
          .where(and(ownedBy(userGateways, accountId), eq(userGateways.id, existing.id)))
          .returning();
        if (!row) throw notFound('Payment gateway');
        return userGatewayOut(await settleDefault(tx, accountId, row, body.is_default));
      });
    },

    async remove(accountId: number, id: number): Promise<void> {
      const deleted = await db
        .delete(userGateways)
        .where(and(ownedBy(userGateways, accountId), eq(userGateways.id, id)))
        .returning({ id: userGateways.id });
      if (deleted.length === 0) throw notFound('Payment gateway');
    },
  };
}

export type GatewaysService = ReturnType<typeof createGatewaysService>;
