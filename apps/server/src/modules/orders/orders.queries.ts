import type { Order, OrderEvent, OrderItem, OrderNote } from '@funnelwork/domain';
import { fromMinorUnits, type PostalAddress, TIMELINE_EVENT_TYPES } from '@funnelwork/domain/rules';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { assertAccountId, iso, likePattern, ownedBy } from '../../db/query-helpers.ts';
import {
  accountCounters,
  customers,
  type OrderEventValue,
  orderCounts,
  orderDayCounts,
  orderEvents,
  orderItems,
  type orderNotes,
  orders,
  type PaymentStatus,
  pageViewEvents,
} from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';

export type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export function itemOut(row: ItemOutRow): OrderItem {
  return {
    product_id: row.productId,
    name: row.name,
    variant_title: row.variantTitle,
    image_url: row.imageUrl,
    amount: fromMinorUnits(row.amountMinor),
    qty: row.qty,
  };
}

/** The order columns the API shape reads (the list fetches only these). */
export const orderOutColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  customerId: orders.customerId,
  pageId: orders.pageId,
  funnelId: orders.funnelId,
  stepId: orders.stepId,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  itemsCount: orders.itemsCount,
  amountMinor: orders.amountMinor,
  currency: orders.currency,
  isCanceled: orders.isCanceled,
  isRefunded: orders.isRefunded,
  isFulfilled: orders.isFulfilled,
  isArchived: orders.isArchived,
  isApps: orders.isApps,
  paymentStatus: orders.paymentStatus,
  reference: orders.reference,
  gatewayId: orders.gatewayId,
  appId: orders.appId,
  createdAt: orders.createdAt,
};
type OrderOutRow = Pick<OrderRow, keyof typeof orderOutColumns>;
type ItemOutRow = Pick<ItemRow, 'productId' | 'name' | 'variantTitle' | 'imageUrl' | 'amountMinor' | 'qty'>;

export function orderOut(row: OrderOutRow, items: ItemOutRow[], optinEmail: string | null): Order {
  const hasCustomer = row.customerId !== null;
  return {
    id: row.id,
    order_number: row.orderNumber,
    customer_id: row.customerId,
    page_id: row.pageId,
    funnel_id: row.funnelId,
    step_id: row.stepId,
    customer: hasCustomer ? { first_name: row.firstName, last_name: row.lastName, email: row.email } : null,
    first_name: row.firstName,
    last_name: row.lastName,
    optin_email: optinEmail ?? '',
    name: items[0]?.name ?? '',
    items: items.map(itemOut),
    items_count: row.itemsCount,
    amount: fromMinorUnits(row.amountMinor),
    currency: row.currency,
    currency_code: row.currency,
    is_canceled: row.isCanceled,
    is_refunded: row.isRefunded,
    is_fulfilled: row.isFulfilled,
    is_archived: row.isArchived,
    is_apps: row.isApps,
    payment_status: row.paymentStatus,
    reference: row.reference,
    gateway_id: row.gatewayId,
    app_id: row.appId,
    created_at: iso(row.createdAt),
  };
}

/** Items of several orders at once, grouped by order id. */
export async function itemsOf(
  db: Db,
  accountId: number,
  orderIds: number[],
): Promise<Map<number, ItemRow[]>> {
  const byOrder = new Map<number, ItemRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderItems)
    .where(and(ownedBy(orderItems, accountId), inArray(orderItems.orderId, orderIds)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** Orders with their items and their customers' opt-in e-mail, in the given row order. */
export async function ordersOut(
  db: Db,
  accountId: number,
  rows: Array<{ order: OrderRow; optin: string | null }>,
) {
  const items = await itemsOf(
    db,
    accountId,
    rows.map((r) => r.order.id),
  );
  return rows.map((r) => orderOut(r.order, items.get(r.order.id) ?? [], r.optin));
}

/** Which orders a list statement reads: the account's live orders in these archive states, maybe narrowed. */
export type OrderListFilter = {
  accountId: number;
  archived: boolean[];
  funnelId?: number;
  /** Lower-case text the order's search text contains. */
  term?: string;
};

/** Up to this many matches of a search are counted; beyond it the total reads this number. */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * A list page at least this deep (rows skipped) starts from the day it falls in, found in
 * order_day_counts; shallower pages walk the list index from its end (2,000 entries cost about what
 * finding the day does).
 */
export const DAY_START_OFFSET = 2_000;

const param = (name: string) => sql.placeholder(name);

/**
 * The orders list's statements (issue 3: the API may add at most 1.5 ms to their SQL). Drizzle builds
 * each shape of them (direction, archive states, funnel, search) once; a request only fills in its
 * values. The statements stay unnamed (`prepare('')`, PostgreSQL's unnamed statement), so the server
 * plans each run for its own values as it would any other query.
 */
export function createOrderListQueries(db: Db, options: { dayStartOffset?: number } = {}) {
  const dayStartOffset = options.dayStartOffset ?? DAY_START_OFFSET;
  const built = new Map<string, unknown>();
  const once = <T>(key: string, build: () => T): T => {
    let statement = built.get(key) as T | undefined;
    if (statement === undefined) {
      statement = build();
      built.set(key, statement);
    }
    return statement;
  };

  const shapeOf = (filter: OrderListFilter) =>
    `${filter.archived.length === 1 ? filter.archived[0] : 'all'}:${filter.funnelId !== undefined}:${filter.term !== undefined}`;

  /** Where the filter's orders are, maybe also from the day a deep page starts in (`from`). */
  const whereOf = (filter: OrderListFilter, from?: SQL) =>
    and(
      from,
      eq(orders.accountId, param('accountId')),
      isNull(orders.deletedAt),
      filter.archived.length === 1 ? eq(orders.isArchived, param('archived')) : undefined,
      filter.funnelId !== undefined ? eq(orders.funnelId, param('funnelId')) : undefined,
      // search_text is lower(number, names, e-mail) with a trigram GIN index: LIKE '%term%' uses it.
      // A row also shows its customer's opt-in e-mail, found through the customers' trigram index.
      filter.term !== undefined
        ? sql`(${orders.searchText} like ${param('pattern')} or ${orders.customerId} in (
            select c.id from ${customers} c where c.account_id = ${param('accountId')} and c.deleted_at is null
            and c.search_text like ${param('pattern')} and lower(c.optin_email) like ${param('pattern')}))`
        : undefined,
    );

  /** The filter's rows of a counter table (order_counts, order_day_counts: the same key columns). */
  const countersOf = (table: typeof orderCounts | typeof orderDayCounts, filter: OrderListFilter) =>
    and(
      eq(table.accountId, param('accountId')),
      eq(table.funnelKey, param('funnelKey')),
      filter.archived.length === 1 ? eq(table.archived, param('archived')) : undefined,
    );

  const valuesOf = (filter: OrderListFilter) => {
    assertAccountId(filter.accountId);
    return {
      accountId: filter.accountId,
      archived: filter.archived[0],
      funnelId: filter.funnelId,
      // The counters' key: 0 for the whole account.
      funnelKey: filter.funnelId ?? 0,
      pattern: filter.term === undefined ? undefined : likePattern(filter.term),
    };
  };

  /**
   * The day a deep page starts in, as a one-row subquery `day` (bound, before): walking the filter's
   * days newest first (`desc`) or oldest first, the first day whose orders reach past `offset`, and
   * the orders of the days before it. The page then reads from that day's edge (`bound`: the next
   * day's start, or the day's start) and skips only `offset - before` rows of the list index.
   */
  const dayOf = (filter: OrderListFilter, direction: 'desc' | 'asc') => {
    const by = direction === 'desc' ? desc : asc;
    const days = db
      .select({
        day: orderDayCounts.day,
        count: sql<number>`sum(${orderDayCounts.count})`.as('count'),
        before:
          sql<number>`coalesce(sum(sum(${orderDayCounts.count})) over (order by ${orderDayCounts.day} ${sql.raw(direction)}
            rows between unbounded preceding and 1 preceding), 0)`.as('before'),
      })
      .from(orderDayCounts)
      .where(countersOf(orderDayCounts, filter))
      .groupBy(orderDayCounts.day)
      .as('days');
    const edge = direction === 'desc' ? sql`${days.day} + 1` : sql`${days.day}`;
    return db
      .select({
        bound: sql`(${edge})::timestamp at time zone 'UTC'`.as('bound'),
        before: sql`${days.before}`.as('before'),
      })
      .from(days)
      .where(sql`${days.before} + ${days.count} > ${param('offset')}`)
      .orderBy(by(days.day))
      .limit(1)
      .as('day');
  };

  /**
   * One page of orders in one statement, as the answer's JSON text: the inner select picks the page's
   * ids (an index-only walk of the list index, or the search), then only those rows are read, with
   * the customer's opt-in e-mail and the items, and the database writes each order in the API shape
   * `orderOut` gives (orders.test.ts compares the two), newest first whichever way the ids were read.
   */
  const pageStatement = (filter: OrderListFilter, direction: 'desc' | 'asc', fromDay: boolean) =>
    once(`page:${direction}:${fromDay}:${shapeOf(filter)}`, () => {
      const by = direction === 'desc' ? desc : asc;
      let pageIds: SQL;
      if (fromDay) {
        // The walk starts at the day's edge and skips only the rows left: a lateral subquery of the
        // one-row `day`, so the page is still one statement.
        const day = dayOf(filter, direction);
        const from =
          direction === 'desc'
            ? sql`${orders.createdAt} < ${day.bound}`
            : sql`${orders.createdAt} >= ${day.bound}`;
        const walk = db
          .select({ id: orders.id })
          .from(orders)
          .where(whereOf(filter, from))
          .orderBy(by(orders.createdAt), by(orders.id));
        pageIds = sql`select page.id from ${day}, lateral (${walk} limit ${param('limit')} offset ${param('offset')} - ${day.before}) page`;
      } else {
        pageIds = sql`${db
          .select({ id: orders.id })
          .from(orders)
          .where(whereOf(filter))
          .orderBy(by(orders.createdAt), by(orders.id))
          .limit(param('limit'))
          .offset(param('offset'))}`;
      }
      const fromItems = (select: SQL, rest = sql``) =>
        sql`(select ${select} from ${orderItems} i where i.order_id = ${orders.id} and i.account_id = ${orders.accountId} ${rest})`;
      // Amounts as float8 / 100: the same IEEE division and shortest text as fromMinorUnits in JavaScript.
      const order = sql`json_build_object(
        'id', ${orders.id}, 'order_number', ${orders.orderNumber}, 'customer_id', ${orders.customerId},
        'page_id', ${orders.pageId}, 'funnel_id', ${orders.funnelId}, 'step_id', ${orders.stepId},
        'customer', case when ${orders.customerId} is null then null else json_build_object(
          'first_name', ${orders.firstName}, 'last_name', ${orders.lastName}, 'email', ${orders.email}) end,
        'first_name', ${orders.firstName}, 'last_name', ${orders.lastName},
        'optin_email', coalesce(${customers.optinEmail}, ''),
        'name', coalesce(${fromItems(sql`i.name`, sql`order by i.id limit 1`)}, ''),
        'items', coalesce(${fromItems(sql`json_agg(json_build_object('product_id', i.product_id, 'name', i.name,
          'variant_title', i.variant_title, 'image_url', i.image_url, 'amount', i.amount_minor::float8 / 100,
          'qty', i.qty) order by i.id)`)}, '[]'),
        'items_count', ${orders.itemsCount}, 'amount', ${orders.amountMinor}::float8 / 100,
        'currency', ${orders.currency}, 'currency_code', ${orders.currency},
        'is_canceled', ${orders.isCanceled}, 'is_refunded', ${orders.isRefunded},
        'is_fulfilled', ${orders.isFulfilled}, 'is_archived', ${orders.isArchived}, 'is_apps', ${orders.isApps},
        'payment_status', ${orders.paymentStatus}, 'reference', ${orders.reference},
        'gateway_id', ${orders.gatewayId}, 'app_id', ${orders.appId},
        'created_at', to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
      return db
        .select({
          json: sql<string>`coalesce(json_agg(${order} order by ${orders.createdAt} desc, ${orders.id} desc), '[]')::text`,
          rows: sql`count(*)`.mapWith(Number),
        })
        .from(orders)
        .leftJoin(
          customers,
          and(eq(customers.id, orders.customerId), eq(customers.accountId, orders.accountId)),
        )
        .where(and(eq(orders.accountId, param('accountId')), sql`${orders.id} in (${pageIds})`))
        .prepare('');
    });

  /** Live orders of the account (or one funnel) in the filter's archive states, from the counters. */
  const counterStatement = (filter: OrderListFilter) =>
    once(`counter:${shapeOf(filter)}`, () =>
      db
        .select({ total: sql`coalesce(sum(${orderCounts.count}), 0)`.mapWith(Number) })
        .from(orderCounts)
        .where(countersOf(orderCounts, filter))
        .prepare(''),
    );

  /**
   * The capped total of a search: it walks the list index newest first (the order makes every plan an
   * index walk, never a Seq Scan of orders) and counts at most SEARCH_COUNT_CAP matches.
   */
  const searchCountStatement = (filter: OrderListFilter) =>
    once(`search-count:${shapeOf(filter)}`, () =>
      db
        .select({ n: sql`count(*)`.mapWith(Number) })
        .from(
          db
            .select({ one: sql`1`.as('one') })
            .from(orders)
            .where(whereOf(filter))
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(SEARCH_COUNT_CAP)
            .as('matches'),
        )
        .prepare(''),
    );

  return {
    /**
     * The filter's orders read in `direction`, `limit` from `offset`: the JSON text of their array in
     * the API shape (newest first) and how many there are.
     */
    async page(
      filter: OrderListFilter,
      options: { direction: 'desc' | 'asc'; limit: number; offset: number },
    ): Promise<{ json: string; rows: number }> {
      const fromDay = filter.term === undefined && options.offset >= dayStartOffset;
      const [page] = await pageStatement(filter, options.direction, fromDay).execute({
        ...valuesOf(filter),
        limit: options.limit,
        offset: options.offset,
      });
      return page ?? { json: '[]', rows: 0 };
    },
    /** The filter's total from the order counters (no search). */
    async count(filter: OrderListFilter): Promise<number> {
      const [row] = await counterStatement(filter).execute(valuesOf(filter));
      return row?.total ?? 0;
    },
    /** The number of the filter's matches, at most SEARCH_COUNT_CAP. */
    async searchCount(filter: OrderListFilter): Promise<number> {
      const [row] = await searchCountStatement(filter).execute(valuesOf(filter));
      return row?.n ?? 0;
    },
  };
}

/** One of the account's live (not deleted) orders; 404 otherwise. `forUpdate` locks the row. */
export async function findOrder(
  db: Db,
  accountId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<OrderRow> {
  const query = db
    .select()
    .from(orders)
    .where(and(ownedBy(orders, accountId), eq(orders.id, id), isNull(orders.deletedAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Order');
  return row;
}

/** The API shape of one live order, with items and the customer's opt-in e-mail. */
export async function loadOrder(db: Db, accountId: number, id: number): Promise<Order> {
  const [row] = await db
    .select({ order: orders, optin: customers.optinEmail })
    .from(orders)
    .leftJoin(customers, and(eq(customers.id, orders.customerId), eq(customers.accountId, orders.accountId)))
    .where(and(ownedBy(orders, accountId), eq(orders.id, id), isNull(orders.deletedAt)));
  if (!row) throw notFound('Order');
  const [order] = await ordersOut(db, accountId, [row]);
  return order as Order;
}

/** A move of live-order totals: `delta` orders in the `archived` state. */
export type OrderCountChange = { archived: boolean; delta: number };

/**
 * Moves the live-order totals one order belongs to: for the account (funnel_key 0) and, when the
 * order has one, its funnel, in order_counts and in the order's UTC day of order_day_counts, by each
 * change. One statement per table with its rows in key order, so transactions that move the same
 * counters (an archive toggle moves two) lock their rows in the same order and cannot deadlock.
 * Call inside the transaction that changes the order.
 */
export async function adjustOrderCounts(
  db: Db,
  accountId: number,
  order: { funnelId: number | null; createdAt: Date },
  changes: OrderCountChange[],
) {
  const rows = (order.funnelId === null ? [0] : [0, order.funnelId]).flatMap((funnelKey) =>
    [...changes]
      .sort((a, b) => Number(a.archived) - Number(b.archived))
      .map(({ archived, delta }) => ({ accountId, funnelKey, archived, count: delta })),
  );
  // Dates from the database are whole milliseconds, cut (not rounded) from its microseconds: the
  // same UTC day as the stored value.
  const day = order.createdAt.toISOString().slice(0, 10);
  await db
    .insert(orderCounts)
    .values(rows)
    .onConflictDoUpdate({
      target: [orderCounts.accountId, orderCounts.funnelKey, orderCounts.archived],
      set: { count: sql`${orderCounts.count} + excluded.count` },
    });
  await db
    .insert(orderDayCounts)
    .values(rows.map((row) => ({ ...row, day })))
    .onConflictDoUpdate({
      target: [
        orderDayCounts.accountId,
        orderDayCounts.funnelKey,
        orderDayCounts.archived,
        orderDayCounts.day,
      ],
      set: { count: sql`${orderDayCounts.count} + excluded.count` },
    });
}

/** The next order number of the account: 1001, 1002, … */
export async function nextOrderNumber(db: Db, accountId: number): Promise<string> {
  const [row] = await db
    .insert(accountCounters)
    .values({ accountId, lastOrderNumber: 1001 })
    .onConflictDoUpdate({
      target: accountCounters.accountId,
      set: { lastOrderNumber: sql`${accountCounters.lastOrderNumber} + 1` },
    })
    .returning({ number: accountCounters.lastOrderNumber });
  return String(row?.number);
}

/** An order's address columns from its shipping and billing address. */
function addressColumns({ shipping, billing }: { shipping: PostalAddress; billing: PostalAddress }) {
  return {
    shippingAddress: shipping.address,
    shippingCity: shipping.city,
    shippingState: shipping.state,
    shippingZip: shipping.zip,
    shippingCountry: shipping.country,
    address: billing.address,
    city: billing.city,
    state: billing.state,
    zip: billing.zip,
    country: billing.country,
  };
}

export type NewOrder = {
  customerId?: number | null;
  funnelId?: number | null;
  stepId?: number | null;
  pageId?: number | null;
  currency: string;
  gatewayId?: number | null;
  appId?: number | null;
  isApps?: boolean;
  reference?: string | null;
  paymentStatus?: PaymentStatus | null;
  /** A discount code taken off the items' total (minor units, at most that total). */
  discount?: { code: string; amountMinor: number } | null;
  /** Where the order ships and whom it bills, as given at purchase (blank when not asked). */
  addresses?: { shipping: PostalAddress; billing: PostalAddress };
  items: Array<{
    productId?: number;
    name: string;
    variantTitle?: string | null;
    imageUrl?: string | null;
    amountMinor: number;
    qty?: number;
  }>;
  createdAt?: Date;
  /** The buyer's visitor id (published pages' cookie): the order copies that visitor's attribution. */
  visitorId?: string | null;
  /** The shopper took the page's order bump. */
  hasOrderBump?: boolean;
};

/**
 * Records a new order with its items, its first timeline event and the counters, in one transaction's
 * handle (checkout, the demo seed and tests use it). The customer's name and e-mail are copied on it.
 */
/**
 * The analytics attribution of a visitor: the referrer, UTM tags and country of their first page view in
 * the funnel (first touch), found by page_view_events_visitor_idx. Only the visitor id when none is
 * written yet (views are written within a second of being shown).
 */
export async function visitorAttribution(
  tx: Db,
  accountId: number,
  visitorId: string,
  funnelId: number | null,
) {
  const [view] = await tx
    .select({
      referrer: pageViewEvents.referrer,
      referrerDomain: pageViewEvents.referrerDomain,
      utmSource: pageViewEvents.utmSource,
      utmMedium: pageViewEvents.utmMedium,
      utmCampaign: pageViewEvents.utmCampaign,
      utmTerm: pageViewEvents.utmTerm,
      utmContent: pageViewEvents.utmContent,
      country: pageViewEvents.country,
    })
    .from(pageViewEvents)
    .where(
      and(
        eq(pageViewEvents.accountId, accountId),
        eq(pageViewEvents.visitorId, visitorId),
        funnelId === null ? undefined : eq(pageViewEvents.funnelId, funnelId),
      ),
    )
    .orderBy(asc(pageViewEvents.id))
    .limit(1);
  const { country, ...rest } = view ?? { country: null };
  return { visitorId, ...rest, visitorCountry: country?.trim() || null };
}

export async function insertOrder(tx: Db, accountId: number, input: NewOrder): Promise<OrderRow> {
  let person = { firstName: '', lastName: '', email: '' };
  if (input.customerId) {
    const [customer] = await tx
      .select({ firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
      .from(customers)
      .where(and(ownedBy(customers, accountId), eq(customers.id, input.customerId)));
    if (!customer) throw notFound('Customer');
    person = customer;
  }
  const itemsMinor = input.items.reduce((sum, item) => sum + item.amountMinor * (item.qty ?? 1), 0);
  const discountMinor = Math.min(input.discount?.amountMinor ?? 0, itemsMinor);
  const amountMinor = itemsMinor - discountMinor;
  const [order] = await tx
    .insert(orders)
    .values({
      accountId,
      orderNumber: await nextOrderNumber(tx, accountId),
      customerId: input.customerId ?? null,
      funnelId: input.funnelId ?? null,
      stepId: input.stepId ?? null,
      pageId: input.pageId ?? null,
      ...person,
      currency: input.currency,
      amountMinor,
      discountCode: input.discount?.code ?? null,
      discountMinor,
      itemsCount: input.items.reduce((sum, item) => sum + (item.qty ?? 1), 0),
      paymentStatus: input.paymentStatus ?? null,
      gatewayId: input.gatewayId ?? null,
      appId: input.appId ?? null,
      isApps: input.isApps ?? false,
      reference: input.reference ?? null,
      ...(input.addresses && addressColumns(input.addresses)),
      ...(input.createdAt && { createdAt: input.createdAt, updatedAt: input.createdAt }),
      hasOrderBump: input.hasOrderBump ?? false,
      ...(input.visitorId
        ? await visitorAttribution(tx, accountId, input.visitorId, input.funnelId ?? null)
        : {}),
    })
    .returning();
  if (!order) throw new Error('order not created');
  if (input.items.length > 0) {
    await tx.insert(orderItems).values(
      input.items.map((item) => ({
        accountId,
        orderId: order.id,
        productId: item.productId ?? 0,
        name: item.name,
        variantTitle: item.variantTitle ?? null,
        imageUrl: item.imageUrl ?? null,
        amountMinor: item.amountMinor,
        qty: item.qty ?? 1,
      })),
    );
  }
  await addEvent(tx, accountId, order.id, TIMELINE_EVENT_TYPES.info, 'Order placed', {
    amount: fromMinorUnits(amountMinor),
    ref: order.reference ?? undefined,
    gatewayId: order.gatewayId ?? undefined,
  });
  await adjustOrderCounts(tx, accountId, order, [{ archived: false, delta: 1 }]);
  return order;
}

export async function addEvent(
  db: Db,
  accountId: number,
  orderId: number,
  type: number,
  name: string,
  value: OrderEventValue,
  userId: number | null = null,
) {
  await db.insert(orderEvents).values({ accountId, orderId, type, name, value, userId });
}

export function eventOut(row: typeof orderEvents.$inferSelect): OrderEvent {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    created_at: iso(row.createdAt),
    value: JSON.stringify(row.value ?? {}),
  };
}

export function noteOut(row: typeof orderNotes.$inferSelect): OrderNote {
  return {
    id: row.id,
    order_id: row.orderId,
    user_id: row.userId,
    customer_id: row.customerId,
    page_id: row.pageId,
    funnel_id: row.funnelId,
    step_id: row.stepId,
    value: row.value,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
