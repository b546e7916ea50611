import { emailDesign, migrateDocument, optInThankYouDocument } from '@funnelwork/blocks';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { compiledDocument, mergeSource } from '../modules/email-templates/email-templates.compile.ts';
import { createPublishingService } from '../modules/publishing/publishing.service.ts';
import { createStepsService } from '../modules/steps/steps.service.ts';
import type { UsersService } from '../modules/users/users.service.ts';
import type { Db } from './client.ts';
import { accounts, automations, emailTemplates, funnels, pages, products, users } from './schema/index.ts';
import { seedDemoActivity } from './seed-activity.ts';
import { seedDemoOrders } from './seed-orders.ts';

export const DEMO_LOGIN = { email: 'demo@funnelwork.test', password: 'demo12345' };

/** First run only (no users yet): the demo owner and its account, with a shop's orders and customers. */
export async function seedDemo(
  db: Db,
  usersService: UsersService,
  { publicUrl }: { publicUrl: string },
): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const created = await usersService.createOwner({
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
  await publishDemo(db, created.account_id, created.id);
  await db.transaction((tx) => attributeDemoTraffic(tx, created.account_id));
  await seedDemoAutomation(db, created.account_id, created.id, publicUrl);
  return true;
}

/** The demo store is live: each of its funnels is published as seeded. */
async function publishDemo(db: Db, accountId: number, userId: number) {
  const publishing = createPublishingService({ db });
  const rows = await db
    .select({ id: funnels.id })
    .from(funnels)
    .where(and(eq(funnels.accountId, accountId), eq(funnels.isSubFunnel, false)))
    .orderBy(asc(funnels.id));
  for (const funnel of rows) await publishing.publishFunnel(accountId, userId, funnel.id, 'Demo store');
}

/**
 * Issue 16, "The demo shows it": an active On Purchase automation of the summer sale that sends the
 * shared 'Thank you for your order' design (with the order's lines), so a purchase in the demo store
 * shows its e-mail in Settings → Mailbox and its run in the history.
 */
async function seedDemoAutomation(db: Db, accountId: number, userId: number, publicUrl: string) {
  const design = emailDesign('thank-you');
  const [funnel] = await db
    .select({ id: funnels.id })
    .from(funnels)
    .where(and(eq(funnels.accountId, accountId), eq(funnels.path, 'summer-sale')));
  if (!design || !funnel) return;
  const document = design.document();
  const compiled = await compiledDocument(document, '', publicUrl);
  const [template] = await db
    .insert(emailTemplates)
    .values({
      accountId,
      userId,
      name: design.name,
      tags: design.tags,
      config: JSON.stringify(document),
      compiled,
      html: mergeSource(compiled.html),
    })
    .returning({ id: emailTemplates.id });
  if (!template) return;
  await db.insert(automations).values({
    accountId,
    funnelId: funnel.id,
    name: 'Thank-you e-mail',
    status: 'active',
    trigger: { id: 'purchase', funnel_ids: [], product_ids: [] },
    steps: [
      {
        type: 'send_email',
        email_template_id: template.id,
        to: 'customer',
        subject: 'Thank you for your order, {{first_name|there}}!',
      },
    ],
  });
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
    const made: Record<string, number> = {};
    for (const step of DEMO_STEPS[funnel.path] ?? []) {
      const created = await steps.create(
        accountId,
        userId,
        funnel.id,
        step as Parameters<typeof steps.create>[3],
      );
      made[step.url] = created.id;
    }
    if (funnel.path === 'summer-sale') await seedDemoOffer(db, accountId, funnel.id, made);
    // The opt-in's thank-you thanks for the opt-in: the order confirmation template talks of an order.
    if (funnel.path === 'yoga-course' && made['thank-you'] !== undefined) {
      await db
        .update(pages)
        .set({ config: optInThankYouDocument() as unknown as Record<string, unknown> })
        .where(and(eq(pages.accountId, accountId), eq(pages.stepId, made['thank-you'])));
    }
  }
}

/**
 * The demo's views, opt-ins and orders on its funnels' steps, so each funnel's per-step breakdown has the
 * numbers its totals have: of each funnel's views, six in ten on its first step, three on the second and
 * one on the third (a funnel with fewer steps keeps the rest on its last); opt-ins and orders on the
 * first step (the summer sale's checkout, the yoga course's free class), each on the step's first page.
 */
async function attributeDemoTraffic(tx: Db, accountId: number) {
  const stepPages = sql`
    select s.funnel_id, s.id as step_id, (select min(p.id) from pages p where p.step_id = s.id) as page_id,
      row_number() over (partition by s.funnel_id order by s.order_index, s.id) as n,
      count(*) over (partition by s.funnel_id) as steps
    from steps s where s.account_id = ${accountId} and s.deleted_at is null`;
  await tx.execute(sql`
    with sp as (${stepPages})
    update page_view_events v set step_id = sp.step_id, page_id = sp.page_id
    from sp
    where v.account_id = ${accountId} and v.funnel_id = sp.funnel_id
      and sp.n = least(sp.steps, case when v.id % 10 < 6 then 1 when v.id % 10 < 9 then 2 else 3 end)`);
  for (const table of [sql`optin_events`, sql`orders`]) {
    await tx.execute(sql`
      with sp as (${stepPages})
      update ${table} t set step_id = sp.step_id, page_id = sp.page_id
      from sp
      where t.account_id = ${accountId} and t.funnel_id = sp.funnel_id and sp.n = 1`);
  }
}

/**
 * What the summer sale's pages sell, as their template's words say: the course and the course with a
 * coaching call in the checkout's list, the swipe file as its order bump, the template pack on the
 * one-click upsell (the step's own product, which its yes-link charges).
 */
const DEMO_OFFER = {
  course: { name: 'Complete Growth Course', priceMinor: 9700, step: 'checkout' },
  coaching: { name: 'Course + 1:1 coaching call', priceMinor: 19700, step: null },
  swipe: { name: 'Swipe File', priceMinor: 1700, step: null },
  pack: { name: 'Funnel Template Pack', priceMinor: 3700, step: 'upsell' },
} as const;

async function seedDemoOffer(db: Db, accountId: number, funnelId: number, stepIds: Record<string, number>) {
  const ids = {} as Record<keyof typeof DEMO_OFFER, number>;
  for (const [key, offer] of Object.entries(DEMO_OFFER) as [
    keyof typeof DEMO_OFFER,
    (typeof DEMO_OFFER)[keyof typeof DEMO_OFFER],
  ][]) {
    const [row] = await db
      .insert(products)
      .values({
        accountId,
        funnelId,
        stepId: offer.step === null ? null : (stepIds[offer.step] ?? null),
        name: offer.name,
        priceMinor: offer.priceMinor,
        currency: 'USD',
      })
      .returning({ id: products.id });
    ids[key] = row?.id as number;
  }
  const checkoutId = stepIds.checkout;
  if (checkoutId === undefined) return;
  const [page] = await db
    .select({ id: pages.id, config: pages.config })
    .from(pages)
    .where(and(eq(pages.accountId, accountId), eq(pages.stepId, checkoutId)));
  if (!page) return;
  const document = migrateDocument(page.config, { kind: 'page' });
  const children = { ...document.children };
  for (const block of Object.values(children)) {
    if (block.type === 'productList') {
      const linked = [ids.course, ids.coaching];
      const entries = block.attributes.basic.entries.map((entry, index) => ({
        ...entry,
        productId: linked[index] ?? null,
      }));
      children[block.id] = {
        ...block,
        attributes: { ...block.attributes, basic: { ...block.attributes.basic, entries } },
      };
    } else if (block.type === 'orderBump') {
      const basic = { ...block.attributes.basic, productId: ids.swipe };
      children[block.id] = { ...block, attributes: { ...block.attributes, basic } };
    }
  }
  await db
    .update(pages)
    .set({ config: { ...document, children } })
    .where(and(eq(pages.accountId, accountId), eq(pages.id, page.id)));
}
