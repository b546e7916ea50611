import { asc, count, eq } from 'drizzle-orm';
import { createStepsService } from '../modules/steps/steps.service.ts';
import type { UsersService } from '../modules/users/users.service.ts';
import type { Db } from './client.ts';
import { accounts, funnels, users } from './schema/index.ts';
import { seedDemoActivity } from './seed-activity.ts';
import { seedDemoOrders } from './seed-orders.ts';

export const DEMO_LOGIN = { email: 'demo@funnelwork.test', password: 'demo12345' };

/** First run only (no users yet): the demo owner and its account, with a shop's orders and customers. */
export async function seedDemo(db: Db, usersService: UsersService): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const created = await usersService.signUp({
    email: DEMO_LOGIN.email,
    password: DEMO_LOGIN.password,
    first_name: 'Demo',
    last_name: 'Merchant',
    account_name: 'Demo Store',
  });
  await db.update(accounts).set({ subdomain: 'demo-store' }).where(eq(accounts.id, created.account_id));
  await db.update(users).set({ verified: true, onboardingFinished: true }).where(eq(users.id, created.id));
  await seedDemoOrders(db, created.account_id);
  // After the orders: the activity is about the demo's customers.
  await db.transaction((tx) => seedDemoActivity(tx, created.account_id));
  await seedDemoSteps(db, created.account_id, created.id);
  return true;
}

/** The demo funnels' published steps, from the built-in templates (http://demo-store.localhost:3000/…). */
const DEMO_STEPS: Record<string, Array<{ name: string; type: number; url: string; template_id: string }>> = {
  'summer-sale': [
    { name: 'Checkout', type: 1, url: 'checkout', template_id: 'checkout-two-step' },
    { name: 'Upsell', type: 2, url: 'upsell', template_id: 'upsell-one-click' },
    { name: 'Thank you', type: 3, url: 'thank-you', template_id: 'thank-you-next-steps' },
  ],
  'yoga-course': [
    { name: 'Free class', type: 5, url: 'free-class', template_id: 'landing-lead-magnet' },
    { name: 'Thank you', type: 3, url: 'thank-you', template_id: 'thank-you-next-steps' },
  ],
};

async function seedDemoSteps(db: Db, accountId: number, userId: number) {
  const steps = createStepsService({ db });
  const rows = await db
    .select({ id: funnels.id, path: funnels.path })
    .from(funnels)
    .where(eq(funnels.accountId, accountId))
    .orderBy(asc(funnels.id));
  for (const funnel of rows) {
    for (const step of DEMO_STEPS[funnel.path] ?? []) {
      await steps.create(accountId, userId, funnel.id, step as Parameters<typeof steps.create>[3]);
    }
  }
}
