import type { UserGateway } from '@funnelwork/domain/gateways/contracts';
import { gatewayById } from '@funnelwork/domain/orders/gateways';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { userGateways } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';

export type UserGatewayRow = typeof userGateways.$inferSelect;

/** The answer shape: never the ciphertext, only the masked hint of each field. */
export function userGatewayOut(row: UserGatewayRow): UserGateway {
  const gateway = gatewayById(row.gatewayId);
  return {
    id: row.id,
    gateway_id: row.gatewayId,
    gateway_name: gateway.name,
    name: row.name,
    mode: row.mode,
    status: row.connectedAt === null ? 'disconnected' : 'connected',
    active: row.active,
    is_default: row.isDefault,
    refundable: gateway.refundable,
    settings: row.settings,
    credentials_hint: row.credentialsHint,
    connected_at: iso(row.connectedAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export async function findUserGateway(db: Db, accountId: number, id: number): Promise<UserGatewayRow> {
  const [row] = await db
    .select()
    .from(userGateways)
    .where(and(ownedBy(userGateways, accountId), eq(userGateways.id, id)));
  if (!row) throw notFound('Payment gateway');
  return row;
}

export async function userGatewayOfKind(
  db: Db,
  accountId: number,
  gatewayId: number,
): Promise<UserGatewayRow | undefined> {
  const [row] = await db
    .select()
    .from(userGateways)
    .where(and(ownedBy(userGateways, accountId), eq(userGateways.gatewayId, gatewayId)));
  return row;
}

export function userGatewaysOf(db: Db, accountId: number): Promise<UserGatewayRow[]> {
  return db
    .select()
    .from(userGateways)
    .where(ownedBy(userGateways, accountId))
    .orderBy(asc(userGateways.gatewayId));
}
