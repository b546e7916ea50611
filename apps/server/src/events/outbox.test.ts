import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxEvents } from '../db/schema/index.ts';
import { createGatewayRegistry } from '../gateways/registry.ts';
import { createSandboxGateway } from '../gateways/sandbox.ts';
import {
  buyMain,
  CARD_DECLINED,
  CARD_OK,
  newKey,
  postJson,
  shopWithFunnel,
} from '../runtime/checkout/checkout.fixtures.ts';
import { recordOptin } from '../runtime/optin.ts';
import { createTestApp, signUpOwner, type TestApp } from '../test/harness.ts';
import { EVENT_NAMES, type EventName, type OrderPaidEvent } from './bus.ts';
import { createOutbox, type OutboxEvent, recordEvent, wakeOnCommit } from './outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }) });
});
afterAll(() => t.close());

/** A queue stand-in that never runs: these tests drive `dispatch()` themselves. */
const idle = { whileRunning() {} };

const paid = (accountId: number, orderId: number): OrderPaidEvent => ({
  accountId,
  orderId,
  customerId: null,
  funnelId: null,
  amountMinor: 100,
  currency: 'USD',
  source: 'checkout',
});

const pendingOf = async (accountId: number) =>
  (await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.accountId, accountId))).filter(
    (row) => row.dispatchedAt === null,
  );

describe('the events outbox', () => {
  it('records an event once per (account, type, key), in the caller’s transaction', async () => {
    const owner = await signUpOwner(t.app);
    const db = t.database.db;
    const first = await db.transaction((tx) =>
      recordEvent(tx, 'order.paid', 'checkout-1', paid(owner.accountId, 1)),
    );
    const again = await db.transaction((tx) =>
      recordEvent(tx, 'order.paid', 'checkout-1', paid(owner.accountId, 1)),
    );
    expect([first, again]).toEqual([true, false]);
    // A transaction that rolls back leaves no event.
    await expect(
      db.transaction(async (tx) => {
        await recordEvent(tx, 'order.paid', 'checkout-2', paid(owner.accountId, 2));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await db.select().from(outboxEvents).where(eq(outboxEvents.accountId, owner.accountId));
    expect(rows.map((row) => row.key)).toEqual(['checkout-1']);
  });

  it('a double-submitted checkout records one purchase', async () => {
    const shop = await shopWithFunnel(t);
    const body = {
      step_id: shop.checkout.id,
      page_id: shop.checkoutPage,
      customer: { email: 'twice@example.test', first_name: 'Two' },
      payment: CARD_OK,
      idempotency_key: newKey(),
      items: [{ product_id: shop.main.id }],
    };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postJson(t.app, '/_fw/checkout', body)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    // An offer follows: leaving it (twice, as a double click would) confirms the order once.
    const no = { step_id: shop.upsell.id, answer: 'no', order_token: answers[0]?.json().data.order_token };
    for (const res of await Promise.all([
      postJson(t.app, '/_fw/upsell', no),
      postJson(t.app, '/_fw/upsell', no),
    ]))
      expect(res.statusCode).toBe(200);
    const rows = await pendingOf(shop.owner.accountId);
    expect(rows.filter((row) => row.type === 'order.paid')).toHaveLength(1);
  });

  it('hands events in order to the consumers of their type and marks them dispatched', async () => {
    const owner = await signUpOwner(t.app);
    const db = t.database.db;
    for (const id of [11, 12, 13]) {
      await db.transaction((tx) =>
        recordEvent(tx, 'order.paid', `checkout-${id}`, paid(owner.accountId, id)),
      );
    }
    const seen: OutboxEvent[] = [];
    const outbox = createOutbox({ db, queue: idle });
    outbox.consume({
      name: 'test',
      types: ['order.paid'],
      async handle(event) {
        if (event.payload.accountId === owner.accountId) seen.push(event);
      },
    });
    while ((await outbox.dispatch()) > 0);
    expect(seen.map((event) => [event.type, event.key])).toEqual([
      ['order.paid', 'checkout-11'],
      ['order.paid', 'checkout-12'],
      ['order.paid', 'checkout-13'],
    ]);
    expect(await pendingOf(owner.accountId)).toEqual([]);
  });

  it('hands a consumer with handleMany the batch’s events of its types at once, in order', async () => {
    const owner = await signUpOwner(t.app);
    const db = t.database.db;
    for (const id of [31, 32, 33, 34]) {
      await db.transaction((tx) =>
        recordEvent(tx, 'order.paid', `checkout-${id}`, paid(owner.accountId, id)),
      );
    }
    const batches: string[][] = [];
    const one: string[] = [];
    const outbox = createOutbox({ db, queue: idle });
    outbox.consume({
      name: 'batch',
      types: ['order.paid'],
      async handle(event) {
        if (event.payload.accountId === owner.accountId) one.push(event.key);
      },
      async handleMany(events) {
        batches.push(events.filter((e) => e.payload.accountId === owner.accountId).map((e) => e.key));
      },
    });
    while ((await outbox.dispatch()) > 0);
    expect(batches.flat()).toEqual(['checkout-31', 'checkout-32', 'checkout-33', 'checkout-34']);
    expect(batches.filter((keys) => keys.length > 0)).toHaveLength(1);
    expect(one).toEqual([]);
    expect(await pendingOf(owner.accountId)).toEqual([]);
  });

  it('a failing handleMany falls back to one event at a time: only the bad event stays undispatched', async () => {
    const owner = await signUpOwner(t.app);
    const db = t.database.db;
    for (const id of [41, 42, 43]) {
      await db.transaction((tx) =>
        recordEvent(tx, 'order.paid', `checkout-${id}`, paid(owner.accountId, id)),
      );
    }
    const handled: string[] = [];
    const later: string[] = [];
    const errors: unknown[] = [];
    const outbox = createOutbox({ db, queue: idle, onError: (e) => errors.push(e) });
    const mine = (event: OutboxEvent) => event.payload.accountId === owner.accountId;
    outbox.consume({
      name: 'picky',
      types: ['order.paid'],
      async handle(event) {
        if (!mine(event)) return;
        if (event.key === 'checkout-42') throw new Error('bad event');
        handled.push(event.key);
      },
      async handleMany(events) {
        if (events.some((event) => event.key === 'checkout-42')) throw new Error('bad batch');
      },
    });
    // A consumer after it does not get the event the first one failed on.
    outbox.consume({
      name: 'after',
      types: ['order.paid'],
      async handle(event) {
        if (mine(event)) later.push(event.key);
      },
    });
    while ((await outbox.dispatch()) > 0);
    expect(handled).toEqual(['checkout-41', 'checkout-43']);
    expect(later).toEqual(['checkout-41', 'checkout-43']);
    expect((await pendingOf(owner.accountId)).map((row) => row.key)).toEqual(['checkout-42']);
    expect(errors.map(String)).toEqual(['Error: bad batch', 'Error: bad event']);
  });

  it('a consumer that fails leaves the event to be handed over again once its claim expires', async () => {
    const owner = await signUpOwner(t.app);
    const db = t.database.db;
    await db.transaction((tx) => recordEvent(tx, 'order.paid', 'checkout-21', paid(owner.accountId, 21)));
    let calls = 0;
    const errors: unknown[] = [];
    const outbox = createOutbox({ db, queue: idle, claimSeconds: 1, onError: (e) => errors.push(e) });
    outbox.consume({
      name: 'flaky',
      types: ['order.paid'],
      async handle(event) {
        if (event.payload.accountId !== owner.accountId) return;
        calls++;
        if (calls === 1) throw new Error('SMTP down');
      },
    });
    while ((await outbox.dispatch()) > 0);
    expect(calls).toBe(1);
    expect(await pendingOf(owner.accountId)).toHaveLength(1);
    // Still claimed: nothing to take yet.
    await outbox.dispatch();
    expect(calls).toBe(1);
    await new Promise((r) => setTimeout(r, 1_100));
    while ((await outbox.dispatch()) > 0);
    expect(calls).toBe(2);
    expect(await pendingOf(owner.accountId)).toEqual([]);
    expect(String(errors[0])).toContain('SMTP down');
  });

  it('two dispatchers at once hand each event over once (claims skip each other’s rows)', async () => {
    const owner = await signUpOwner(t.app);
    const db = t.database.db;
    for (let id = 100; id < 160; id++) {
      await db.transaction((tx) =>
        recordEvent(tx, 'order.paid', `checkout-${id}`, paid(owner.accountId, id)),
      );
    }
    const handled: number[] = [];
    const make = () => {
      const outbox = createOutbox({ db, queue: idle, batchSize: 7 });
      outbox.consume({
        name: 'count',
        types: ['order.paid'],
        async handle(event) {
          if (event.payload.accountId === owner.accountId) handled.push(event.id);
        },
      });
      return outbox;
    };
    const [a, b] = [make(), make()];
    const drain = async (outbox: ReturnType<typeof make>) => {
      while ((await outbox.dispatch()) > 0);
    };
    await Promise.all([drain(a), drain(b)]);
    expect(handled).toHaveLength(60);
    expect(new Set(handled).size).toBe(60);
  });

  it('a declined checkout and an opt-in wake the outbox when they commit, without waiting for its poll', async () => {
    const shop = await shopWithFunnel(t);
    const seen: OutboxEvent[] = [];
    let lifecycle: { start(): void; stop(): Promise<void> } | undefined;
    // An hour between polls: only a wake on commit can bring these events within the test's time.
    const outbox = createOutbox({
      db: t.database.db,
      queue: {
        whileRunning: (running) => {
          lifecycle = running;
        },
      },
      pollMs: 3_600_000,
    });
    outbox.consume({
      name: 'wake-on-commit',
      types: ['order.payment_failed', 'optin.created'],
      handle: async (event) => void seen.push(event),
    });
    const stopWaking = wakeOnCommit(t.database.db, outbox.wake);
    lifecycle?.start();
    try {
      const declined = await buyMain(
        t.app,
        shop,
        { email: 'declined@example.test', first_name: 'No' },
        CARD_DECLINED,
      );
      expect(declined.statusCode).toBe(402);
      const failed = await vi.waitFor(
        () => {
          const event = seen.find((e) => e.type === 'order.payment_failed');
          if (!event || event.payload.accountId !== shop.owner.accountId) throw new Error('not yet');
          return event;
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(failed.payload).toMatchObject({ accountId: shop.owner.accountId, currency: 'USD' });
      await recordOptin(t.database.db, {
        pageId: shop.checkoutPage,
        values: { email: 'optin@example.test' },
      });
      const optin = await vi.waitFor(
        () => {
          const event = seen.find((e) => e.type === 'optin.created');
          if (!event) throw new Error('not yet');
          return event;
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(optin.payload).toMatchObject({ accountId: shop.owner.accountId, email: 'optin@example.test' });
    } finally {
      stopWaking();
      await lifecycle?.stop();
    }
  });

  it('in a running server, an event is dispatched when its commit wakes the outbox, not at its poll', async () => {
    // An hour between polls: only the wake on commit can dispatch the event within the test's time.
    const server = await createTestApp({
      gateways: createGatewayRegistry({ adapters: [createSandboxGateway()] }),
      startQueue: true,
      config: { outboxPollingIntervalSeconds: 3600 },
    });
    try {
      const shop = await shopWithFunnel(server);
      const declined = await buyMain(
        server.app,
        shop,
        { email: 'woken@example.test', first_name: 'No' },
        CARD_DECLINED,
      );
      expect(declined.statusCode).toBe(402);
      const committedAt = Date.now();
      const rows = () =>
        server.database.db
          .select()
          .from(outboxEvents)
          .where(eq(outboxEvents.accountId, shop.owner.accountId));
      const event = await vi.waitFor(
        async () => {
          const row = (await rows()).find((r) => r.type === 'order.payment_failed');
          if (!row?.dispatchedAt) throw new Error('not yet');
          return row;
        },
        { timeout: 20_000, interval: 50 },
      );
      console.log(`order.payment_failed dispatched ${Date.now() - committedAt} ms after the answer`);
      expect(event.dispatchedAt).not.toBeNull();
    } finally {
      await server.close();
    }
  });

  it('names every event of the bus, so the bus wakes the dispatcher for each', () => {
    const all: Record<EventName, true> = {
      'order.paid': true,
      'order.upsell_accepted': true,
      'order.payment_failed': true,
      'order.refunded': true,
      'order.fulfilled': true,
      'subscription.started': true,
      'subscription.renewed': true,
      'subscription.failed': true,
      'subscription.cancelled': true,
      'optin.created': true,
    };
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(all).sort());
  });
});
