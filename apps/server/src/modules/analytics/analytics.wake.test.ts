import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { publishedLanding, shopWithFunnel } from '../../runtime/checkout/checkout.fixtures.ts';
import { createTestApp, type TestApp, waitFor } from '../../test/harness.ts';
import { rolledUpZoneOf } from './analytics.fixtures.ts';
import { runRollup } from './analytics.rollup.ts';

// The rollup job sleeps a minute when a run finds nothing (ROLLUP_IDLE_EVERY_MS): whatever writes events
// wakes it. The app's queue runs here, but nothing kicks the job's chain, so each run below is a wake's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startQueue: true });
});
afterAll(() => t.close());

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The rollup's counts of an account: page views and opt-ins in analytics_hourly. */
async function counted(accountId: number) {
  const [row] = rowsOf<{ views: number; optins: number }>(
    await t.database.db.execute(sql`
      select coalesce(sum(page_views), 0)::int as views, coalesce(sum(optins), 0)::int as optins
        from analytics_hourly where account_id = ${accountId}`),
  );
  return row ?? { views: 0, optins: 0 };
}

const waitingRuns = async () =>
  rowsOf<{ key: string }>(
    await t.database.db.execute(
      sql`select singleton_key as key from pgboss.job where name = 'analytics.rollup' and state = 'created'`,
    ),
  ).map((r) => r.key);

describe('the analytics rollup is woken by what writes events', () => {
  it('a page view, an opt-in and a changed time zone each bring a run within seconds', async () => {
    const shop = await shopWithFunnel(t);
    const { landing, host } = await publishedLanding(shop, 'wake');
    // What the account had before: counted now, so only the wakes below can count more.
    await runRollup(t.database.db);
    const before = await counted(shop.owner.accountId);

    const view = await t.app.inject({
      method: 'POST',
      url: '/_fw/view',
      headers: { host, 'user-agent': BROWSER, 'content-type': 'application/json' },
      payload: { page_id: landing.pages[0]?.id, url: `http://${host}/free` },
    });
    expect(view.statusCode).toBe(204);
    await t.app.runtime.views.flush();
    await waitFor(async () => (await counted(shop.owner.accountId)).views === before.views + 1, 15_000);
    // The run that counted it sends a follow-up 3 s on, which finds nothing and sleeps a minute.
    await waitFor(async () => (await waitingRuns()).join() === 'analytics.rollup', 15_000);

    const optin = await t.app.inject({
      method: 'POST',
      url: '/_fw/optin',
      headers: { host },
      payload: { fw_page_id: landing.pages[0]?.id, first_name: 'Wendy', email: 'wendy@example.test' },
    });
    expect(optin.statusCode, optin.body).toBe(200);
    await waitFor(async () => (await counted(shop.owner.accountId)).optins === before.optins + 1, 15_000);

    const zone = await shop.api.put('users/me/update-timezone', undefined, { tz: 'Asia/Tokyo', force: 1 });
    expect(zone.statusCode, zone.body).toBe(200);
    await waitFor(
      async () => (await rolledUpZoneOf(t.database.db, shop.owner.accountId)) === 'Asia/Tokyo',
      15_000,
    );
  });
});
