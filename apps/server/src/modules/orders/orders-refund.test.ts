import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayRegistry } from '../../gateways/registry.ts';
import { createSandboxGateway, type SandboxGateway } from '../../gateways/sandbox.ts';
import type { GatewayAdapter } from '../../gateways/types.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient } from '../funnels/funnels.fixtures.ts';
import { createOrder } from './orders.fixtures.ts';

let t: TestApp;
let sandbox: SandboxGateway;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;
/** Every refund call that reaches the gateway, with a delay like a real network call. */
const calls: string[] = [];
/** While set, refunds wait at the gateway until it resolves. */
let gatewayHold: Promise<void> | null = null;

beforeAll(async () => {
  sandbox = createSandboxGateway();
  const slow: GatewayAdapter = {
    ...sandbox,
    async refund(credentials, request) {
      calls.push(request.idempotencyKey);
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (gatewayHold) await gatewayHold;
      return sandbox.refund(credentials, request);
    },
  };
  t = await createTestApp({ gateways: createGatewayRegistry({ adapters: [slow] }) });
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

const fifty = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: 50 }, make));

describe('refund idempotency ("Refund is enabled only if … the order is not refunded")', () => {
  it('refunds exactly once under 50 concurrent refund requests', async () => {
    const order = await createOrder(t.database.db, owner.accountId);
    const answers = await fifty(() => api.put(`orders/${order.id}/refund`));
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.json().data).toEqual({ is_canceled: true, is_refunded: true, amount: 25 });
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect([409, 422], res.body).toContain(res.statusCode);
      expect(['A refund of this order is already in progress.', 'Order refunded already.']).toContain(
        res.json().error.message,
      );
    }
    expect(sandbox.refunds.filter((r) => r.reference === order.reference)).toHaveLength(1);
    expect(calls.filter((key) => key.startsWith(`order-${order.id}-`))).toEqual([
      `order-${order.id}-refund-0`,
    ]);
    const events = (await api.get(`orders/${order.id}/timeline`)).json().data;
    expect(events.filter((e: { type: number }) => e.type === 4)).toHaveLength(1);
  });

  it('cancels with refund exactly once under 50 concurrent cancel requests', async () => {
    const order = await createOrder(t.database.db, owner.accountId);
    const answers = await fifty(() => api.put(`orders/${order.id}/cancel`, undefined, { refund: 'true' }));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.every((res) => res.statusCode < 500)).toBe(true);
    expect(sandbox.refunds.filter((r) => r.reference === order.reference)).toHaveLength(1);
    const events = (await api.get(`orders/${order.id}/timeline`)).json().data;
    expect(events.filter((e: { type: number }) => e.type === 5)).toHaveLength(1);
  });

  it('leaves the order unrefunded with one retryable error event per attempt when the gateway fails', async () => {
    const order = await createOrder(t.database.db, owner.accountId, { reference: 'sbx_fail_always' });
    const answers = await fifty(() => api.put(`orders/${order.id}/refund`));
    expect(answers.every((res) => [409, 422].includes(res.statusCode))).toBe(true);
    const failures = answers.filter((res) => res.json().error.code === 'gateway_error');
    expect(failures.length).toBeGreaterThanOrEqual(1);
    const now = (await api.get(`orders/${order.id}`)).json().data;
    expect(now).toMatchObject({ is_refunded: false, is_canceled: false });
    const errors = (await api.get(`orders/${order.id}/timeline`))
      .json()
      .data.filter((e: { type: number }) => e.type === 1);
    expect(errors).toHaveLength(failures.length);
    expect(JSON.parse(errors[0].value)).toMatchObject({ can_retry: true, action: 'refund' });
  });

  it('does not hold the database while the gateway answers: other requests are served meanwhile', async () => {
    const order = await createOrder(t.database.db, owner.accountId);
    let release!: () => void;
    gatewayHold = new Promise((resolve) => {
      release = resolve;
    });
    let refundDone = false;
    const refund = api.put(`orders/${order.id}/refund`).then((res) => {
      refundDone = true;
      return res;
    });
    while (!calls.includes(`order-${order.id}-refund-0`)) await new Promise((r) => setTimeout(r, 10));
    // The gateway has the call and has not answered: reads and writes of other orders still go through.
    const list = await api.get('orders');
    const other = await createOrder(t.database.db, owner.accountId);
    const archived = await api.put(`orders/${other.id}/archive`);
    expect(list.statusCode).toBe(200);
    expect(archived.statusCode).toBe(200);
    expect(refundDone).toBe(false);
    release();
    gatewayHold = null;
    expect((await refund).statusCode).toBe(200);
  });
});
