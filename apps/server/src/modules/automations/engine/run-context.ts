import type { BoughtLine, ConditionValues } from '@funnelwork/domain/automations/rules';
import { type EventSubject, eventSubjectOf } from '@funnelwork/domain/automations/triggers';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ownedBy } from '../../../db/query-helpers.ts';
import {
  accounts,
  type automationRuns,
  customers,
  orderItems,
  orders,
  outboxEvents,
  subscriptions,
  users,
} from '../../../db/schema/index.ts';
import type { OrderWithLines } from '../../integrations/integrations.adapter.ts';
import { receiptValues } from '../../receipts/receipts.values.ts';

/** What a run knows of its event: what its payload names, the customer, the order and its products. */
export type RunContext = {
  subject: EventSubject;
  customer: {
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    country: string;
    phone: string;
  } | null;
  order: OrderWithLines | null;
  productIds: number[];
  funnelId: number | null;
  /** The step the event happened on (an opt-in's page, an order's checkout), when known. */
  stepId: number | null;
  timeZone: string;
};

/** Reading a run's context from the database. */
export function createRunContexts({ db }: { db: Db }) {
  return {
    /** What a run knows of its event, in three reads: the event with the owner's time zone, the order with its lines, the customer. */
    async contextOf(
      run: Pick<typeof automationRuns.$inferSelect, 'accountId' | 'eventId'>,
    ): Promise<RunContext> {
      const [found] = await db
        .select({ event: outboxEvents, timeZone: users.timeZone })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.ownerUserId))
        .leftJoin(
          outboxEvents,
          and(eq(outboxEvents.accountId, accounts.id), eq(outboxEvents.id, run.eventId)),
        )
        .where(eq(accounts.id, run.accountId));
      const event = found?.event ?? null;
      const subject = eventSubjectOf(event?.type ?? '', (event?.payload ?? {}) as Record<string, unknown>);
      let order: OrderWithLines | null = null;
      if (subject.orderId !== null) {
        const rows = await db
          .select({ order: orders, line: orderItems })
          .from(orders)
          .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
          .where(and(ownedBy(orders, run.accountId), eq(orders.id, subject.orderId)))
          .orderBy(orderItems.id);
        const [first] = rows;
        if (first) {
          order = { ...first.order, lines: rows.flatMap(({ line }) => (line ? [line] : [])) };
        }
      }
      const customerId = subject.customerId ?? order?.customerId ?? null;
      let customer: RunContext['customer'] = null;
      if (customerId !== null) {
        const [row] = await db
          .select({
            id: customers.id,
            email: customers.email,
            firstName: customers.firstName,
            lastName: customers.lastName,
            country: customers.country,
            phone: customers.phone,
          })
          .from(customers)
          .where(and(ownedBy(customers, run.accountId), eq(customers.id, customerId)));
        customer = row ?? null;
      }
      return {
        subject,
        customer,
        order,
        productIds: order
          ? order.lines.map((line) => line.productId)
          : subject.productId !== null
            ? [subject.productId]
            : [],
        funnelId: subject.funnelId ?? order?.funnelId ?? null,
        stepId: subject.stepId ?? order?.stepId ?? null,
        timeZone: found?.timeZone ?? 'Europe/London',
      };
    },

    /** What the event bought: its order's lines, else its subscription's product and quantity. */
    async boughtLinesOf(accountId: number, context: RunContext): Promise<BoughtLine[]> {
      if (context.order) return context.order.lines.map(({ productId, qty }) => ({ productId, qty }));
      const { subscriptionId } = context.subject;
      if (subscriptionId === null) return [];
      return db
        .select({ productId: subscriptions.productId, qty: subscriptions.qty })
        .from(subscriptions)
        .where(and(ownedBy(subscriptions, accountId), eq(subscriptions.id, subscriptionId)));
    },
  };
}
export type RunContexts = ReturnType<typeof createRunContexts>;

/** The run's customer's e-mail: the customer's, else the order's, else the one the event names (an opt-in's). */
export function customerEmailOf(context: RunContext): string {
  return context.customer?.email || context.order?.email || context.subject.email;
}

/** The values a condition step tests. */
export function conditionValuesOf(context: RunContext): ConditionValues {
  return {
    customer_email: customerEmailOf(context),
    customer_first_name: context.customer?.firstName ?? context.order?.firstName ?? '',
    customer_country: context.customer?.country ?? context.order?.country ?? '',
    order_total: context.order ? (context.order.amountMinor / 100).toFixed(2) : '',
    order_currency: context.order?.currency ?? '',
    product_id: context.productIds.map(String),
    funnel_id: context.funnelId === null ? '' : String(context.funnelId),
  };
}

/** The merge values of a run's message: the order's receipt values, else the customer's name and e-mail. */
export function mergeValuesOf(context: RunContext) {
  return context.order
    ? receiptValues(context.order, context.order.lines)
    : {
        first_name: context.customer?.firstName,
        last_name: context.customer?.lastName,
        email: context.customer?.email,
      };
}
