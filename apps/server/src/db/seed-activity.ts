import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from './client.ts';
import { activityItems, customers, pageViewEvents } from './schema/index.ts';

const MINUTE_MS = 60_000;
type Person = { customerId: number | null; firstName: string; lastName: string; email: string };
/** Who the activity is about when the account has no customers yet. */
const PEOPLE: Person[] = [
  { customerId: null, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
  { customerId: null, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test' },
  { customerId: null, firstName: 'Alan', lastName: 'Turing', email: 'alan@example.test' },
  { customerId: null, firstName: 'Katherine', lastName: 'Johnson', email: 'katherine@example.test' },
];
/** A visitor who is nobody's customer yet: their line opens nothing. */
const VISITOR: Person = { customerId: null, firstName: '', lastName: '', email: 'visitor@example.test' };
/** [activity event type, amount in cents or null, minutes ago]: 2 Made a purchase, 3 Opted in … */
const ACTIVITY: Array<[number, number | null, number]> = [
  [1, null, 58],
  [3, null, 51],
  [2, 4900, 44],
  [10, 4900, 37],
  [4, 1900, 30],
  [2, 12900, 22],
  [9, 4900, 15],
  [11, 1900, 9],
  [3, null, 5],
  [2, 2900, 2],
];
const SOURCES = [
  { referrer: 'https://www.google.com/', referrerDomain: 'google.com', utmSource: null },
  { referrer: 'https://www.facebook.com/', referrerDomain: 'facebook.com', utmSource: 'facebook' },
  { referrer: null, referrerDomain: null, utmSource: null },
];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA'];

/**
 * The demo account's live panel: page views over the last hour (busier lately) and a line of
 * activity every few minutes. Deterministic, so every fresh demo looks the same. The activity is about
 * the account's first four customers (clicking a line opens the customer, spec §2), and its clicks
 * about an anonymous visitor; an account without customers gets four made-up people instead.
 */
export async function seedDemoActivity(tx: Db, accountId: number, now = Date.now()): Promise<void> {
  const known = await tx
    .select({
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(customers)
    .where(and(eq(customers.accountId, accountId), isNull(customers.deletedAt)))
    .orderBy(asc(customers.id))
    .limit(PEOPLE.length);
  const people = known.length === PEOPLE.length ? known : PEOPLE;
  const views: Array<typeof pageViewEvents.$inferInsert> = [];
  for (let minute = 59; minute >= 0; minute--) {
    const perMinute = 2 + ((minute * 7) % 5) + (minute < 24 ? 3 : 0);
    for (let i = 0; i < perMinute; i++) {
      const visitor = (minute * 3 + i) % 40;
      const source = SOURCES[visitor % SOURCES.length] ?? SOURCES[0];
      views.push({
        accountId,
        visitorId: `demo-visitor-${visitor}`,
        sessionId: `demo-session-${visitor}-${Math.floor(minute / 30)}`,
        ...source,
        country: COUNTRIES[visitor % COUNTRIES.length] ?? 'US',
        currency: 'USD',
        createdAt: new Date(now - minute * MINUTE_MS - i * 1_000),
      });
    }
  }
  await tx.insert(pageViewEvents).values(views);
  await tx.insert(activityItems).values(
    ACTIVITY.map(([eventId, amountMinor, minutesAgo], i) => {
      // A visitor only clicks (1); whoever buys or opts in is a customer.
      const person = eventId === 1 ? VISITOR : (people[i % people.length] ?? VISITOR);
      return {
        accountId,
        eventId,
        customerId: person.customerId,
        firstName: person.firstName,
        lastName: person.lastName,
        optinEmail: person.email,
        amountMinor,
        currency: amountMinor === null ? null : 'USD',
        createdAt: new Date(now - minutesAgo * MINUTE_MS),
      };
    }),
  );
}
