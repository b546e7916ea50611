// Issue 18, checkout through Stripe Checkout: with platform billing on Stripe, the merchant picks a
// plan, pays on the (fake) Stripe hosted page with the test card, comes back to payment-successful,
// and sees the plan active with the charge listed. The other specs keep the Sandbox checkout: this one
// starts its own server with Stripe billing configured (port E2E_PORT+5) and the fake Stripe (+6).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FAKE_CHECKOUT_CARDS,
  startFakeStripeBilling,
} from '../../apps/server/src/modules/billing/billing.fake-stripe.fixtures.ts';
import { expect, test } from './fixtures.ts';
import { e2ePort, shot, signUpThroughApi, uniqueEmail } from './helpers.ts';

const port = e2ePort + 5;
const fakePort = e2ePort + 6;
const origin = `http://localhost:${port}`;
const WEBHOOK_SECRET = 'whsec_e2e_stripe_billing';
const serverJs = fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url));

let server: ChildProcess | undefined;
let fake: Awaited<ReturnType<typeof startFakeStripeBilling>> | undefined;

test.use({ baseURL: origin });

test.beforeAll(async () => {
  // A fresh database is migrated on the first boot: a loaded machine takes a while.
  test.setTimeout(240_000);
  fake = await startFakeStripeBilling({
    port: fakePort,
    webhookUrl: `${origin}/api/billing/stripe-webhook`,
    webhookSecret: WEBHOOK_SECRET,
  });
  server = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-e2e-stripe-')),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      PUBLIC_URL: origin,
      STRIPE_API_BASE: fake.url,
      STRIPE_BILLING_SECRET_KEY: 'sk_test_e2e_platform_billing',
      STRIPE_BILLING_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 220_000;
  // Ready when a sign-in reaches the database (a wrong password is answered, not a 5xx).
  for (;;) {
    const answer = await fetch(`${origin}/api/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=nobody%40example.test&password=wrong-password',
      signal: AbortSignal.timeout(30_000),
    }).catch(() => null);
    if (answer && answer.status < 500) break;
    if (Date.now() > deadline) throw new Error('the Stripe billing server did not start within 220 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (server?.pid) process.kill(server.pid);
  await fake?.close();
});

test('a merchant picks a plan, pays on the Stripe Checkout page and sees the plan active with its charge', async ({
  page,
}) => {
  // Two trips to another site and back (the hosted page, the success_url): more than one page's time.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(
    page,
    {
      email: uniqueEmail('stripe'),
      password: 'stripe password',
      firstName: 'Stella',
      business: 'Stella Shop',
    },
    '/settings/billing/choose-your-plan',
  );
  await page.getByTestId('plan-startup').getByRole('link', { name: 'Choose Startup' }).click();
  await expect(page).toHaveURL(/\/settings\/billing\/checkout\?plan=startup&interval=month$/);
  await expect(page.getByText("You enter your card on Stripe's secure payment page.")).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await shot(page, 'billing-stripe-checkout');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // Stripe's hosted page (the local fake of it).
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${fakePort}/pay/cs_test_`));
  await expect(page.getByTestId('fake-stripe-amount')).toContainText('97.00 USD every month');
  await page.getByLabel('Card number').fill(FAKE_CHECKOUT_CARDS.declined);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await page.getByLabel('Card number').fill(FAKE_CHECKOUT_CARDS.pays);
  await shot(page, 'billing-stripe-hosted-page');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/\/settings\/billing\/payment-successful\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(/You are on Startup \(monthly\); it renews on/)).toBeVisible();
  await shot(page, 'billing-stripe-payment-successful');
  await page.getByRole('link', { name: 'Go to billing' }).click();

  await expect(page.getByTestId('plan-name')).toHaveText('Startup (monthly)');
  await expect(page.getByTestId('payment-method')).toContainText('Visa ending in 4242');
  const charge = page
    .getByTestId('charges')
    .getByRole('row')
    .filter({ hasText: 'Startup (monthly), first month' });
  await expect(charge).toHaveCount(1);
  await expect(charge).toContainText('$97.00');
  await expect(charge).toContainText('Paid');
  await shot(page, 'billing-stripe-after-upgrade');
  // The webhook the page sent was verified and applied once.
  expect(fake?.events.map((e) => [e.event.type, e.status])).toEqual([['checkout.session.completed', 200]]);
});
