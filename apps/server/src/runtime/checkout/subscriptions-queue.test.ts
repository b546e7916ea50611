import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { CARD_OK, newKey, postJson, shopWithFunnel } from './checkout.fixtures.ts';
import { renewSubscriptionJob } from './subscriptions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startQueue: true });
});
afterAll(() => t.close());

it('schedules the renewal as a pg-boss job that starts at the next charge date', async () => {
  const shop = await shopWithFunnel(t, { recurring: true });
  const res = await postJson(t.app, '/_fw/checkout', {
    step_id: shop.checkout.id,
    page_id: shop.checkoutPage,
    items: [{ product_id: shop.second.id }],
    customer: { email: 'renew@example.test' },
    payment: CARD_OK,
    idempotency_key: newKey(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const [sub] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, shop.owner.accountId));
  const { rows } = await t.database.executeSql(
    'select data, start_after from pgboss.job where name = $1 order by created_on',
    [renewSubscriptionJob.id],
  );
  const job = rows.find((row) => (row.data as { subscriptionId: number }).subscriptionId === sub?.id);
  expect(job).toBeTruthy();
  expect(new Date(job?.start_after as string).getTime()).toBe(new Date(sub?.nextChargeAt as Date).getTime());
});
