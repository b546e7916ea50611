import { count, eq } from 'drizzle-orm';
import type { UsersService } from '../modules/users/users.service.ts';
import type { Db } from './client.ts';
import { accounts, users } from './schema/index.ts';
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
  await db.transaction((tx) => seedDemoActivity(tx, created.account_id));
  await seedDemoOrders(db, created.account_id);
  return true;
}
