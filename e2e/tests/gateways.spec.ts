// Issue 19: a merchant connects payment gateways from the dashboard (Settings → Payment gateways), and a
// new account's published checkout says plainly that it takes test payments only.
import type { Page } from '@playwright/test';
import {
  LIVE_KEY,
  LIVE_PUBLISHABLE_KEY,
  startFakeStripe,
} from '../../apps/server/src/gateways/fake-stripe.fixtures.ts';
import { addPublishedCheckout } from '../../apps/server/src/runtime/checkout/published-checkout.fixtures.ts';
import { expect, test } from './fixtures.ts';
import { api, e2ePort, e2eStripePort, endpoints, shot, signUpThroughApi, uniqueEmail } from './helpers.ts';

const SANDBOX_ONLY = /Only the Sandbox is connected: your checkouts take test payments only/;
const TEST_MODE = 'Test mode: this store takes test payments only. Use the card 4242 4242 4242 4242.';

let fakeStripe: Awaited<ReturnType<typeof startFakeStripe>>;
test.beforeAll(async () => {
  fakeStripe = await startFakeStripe({ port: e2eStripePort });
});
test.afterAll(() => fakeStripe.close());

async function newMerchant(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(page, {
    email: uniqueEmail(name),
    password: `${name} password`,
    firstName: name,
    business: `${name} Shop`,
  });
}

/** Settings → Payment gateways, through the header's menu. */
async function openPaymentGateways(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Payment gateways' }).click();
  await expect(page).toHaveURL(/\/settings\/payment-gateways$/);
  await expect(page.getByRole('heading', { name: 'Payment gateways', level: 1 })).toBeVisible();
}

test('a merchant connects Cash On Delivery, sees it live and the default, and disconnects it', async ({
  page,
}) => {
  await newMerchant(page, 'cora');
  await openPaymentGateways(page);
  const sandboxOnly = page.getByTestId('sandbox-only');
  await expect(sandboxOnly).toHaveText(SANDBOX_ONLY);
  const sandbox = page.getByRole('region', { name: 'Funnelwork Payments' });
  await expect(sandbox.getByTestId('gateway-status')).toContainText('Used by your checkouts');
  await shot(page, 'gateways-sandbox-only');

  const cod = page.getByRole('region', { name: 'Cash On Delivery' });
  await expect(cod.getByTestId('gateway-status')).toHaveText('Not connected');
  await cod.getByRole('button', { name: 'Connect' }).click();
  await expect(cod.getByTestId('gateway-status')).toContainText('Live');
  await expect(cod.getByTestId('gateway-status')).toContainText('Default');
  await expect(cod.getByTestId('gateway-status')).toContainText('Used by your checkouts');
  await expect(sandboxOnly).toBeHidden();
  await shot(page, 'gateways-cod-connected');

  await cod.getByRole('button', { name: 'Disconnect' }).click();
  const popup = page.getByRole('dialog', { name: 'Disconnect Cash On Delivery' });
  await expect(popup).toContainText(
    'Your checkouts stop taking payments through Cash On Delivery at once. You can connect it again later.',
  );
  await shot(page, 'gateways-disconnect-popup');
  await popup.getByRole('button', { name: 'Disconnect' }).click();
  await expect(popup).toBeHidden();
  await expect(cod.getByTestId('gateway-status')).toHaveText('Not connected');
  await expect(sandboxOnly).toBeVisible();
});

test('a merchant connects Stripe: a refused key is named under its field, a good one shows only its last characters', async ({
  page,
}) => {
  await newMerchant(page, 'stan');
  await openPaymentGateways(page);
  const stripe = page.getByRole('region', { name: 'Stripe' });
  const secret = stripe.getByLabel('Secret key');
  await stripe.getByLabel('Publishable key').fill(LIVE_PUBLISHABLE_KEY);

  await secret.fill('sk_live_51RefusedByStripe0000');
  await stripe.getByRole('button', { name: 'Connect' }).click();
  // The error sits under the field it names, as the field's description.
  await expect(secret).toHaveAccessibleDescription(
    /^Stripe refused the secret key: Invalid API Key provided/,
  );
  await shot(page, 'gateways-stripe-refused');

  await secret.fill(LIVE_KEY);
  await stripe.getByRole('button', { name: 'Connect' }).click();
  await expect(stripe.getByTestId('gateway-status')).toContainText('Live');
  await expect(stripe.getByTestId('gateway-status')).toContainText('Default');
  await expect(stripe).toContainText('Secret key: ••••9876');
  await expect(page.getByTestId('sandbox-only')).toBeHidden();
  expect(await page.content()).not.toContain(LIVE_KEY);
  expect(fakeStripe.requests.at(-1)?.headers.authorization).toBe(`Bearer ${LIVE_KEY}`);
  // Its webhook endpoint was created at Stripe (the fake) for this account's checkouts.
  expect(fakeStripe.requests.at(-1)?.path).toBe('/v1/webhook_endpoints');
  await shot(page, 'gateways-stripe-connected');
});

test('a new account’s published checkout says it takes test payments only, until a gateway is connected', async ({
  page,
  browser,
}) => {
  await newMerchant(page, 'tess');
  const subdomain = `tess${Date.now().toString(36)}`;
  await api(page).call(endpoints.account.createChangeSubdomain, { body: { data: { subdomain } } });
  const funnel = await api(page).call(endpoints.funnels.createFunnel, {
    body: {
      data: {
        name: 'Tea',
        path: 'tea',
        funnel_type: 1,
      },
    },
  });
  await addPublishedCheckout(api(page), funnel.id);

  // The shopper's browser (page views skip HeadlessChrome, as a bot).
  const context = await browser.newContext({
    userAgent: (await page.evaluate(() => navigator.userAgent)).replace('HeadlessChrome', 'Chrome'),
  });
  const shopper = await context.newPage();
  const checkoutUrl = `http://${subdomain}.localhost:${e2ePort}/tea/buy`;
  await shopper.goto(checkoutUrl);
  const notice = shopper.locator('[data-payment-form] .fw-payment-notice');
  await shopper.getByLabel('Full name').fill('Tom Taster');
  await shopper.getByLabel('Email').fill(uniqueEmail('shopper'));
  await shopper.getByLabel('Phone').fill('+1 555 0199');
  await shopper.getByRole('button', { name: 'Go to step #2' }).click();
  await expect(notice).toHaveText(TEST_MODE);
  await expect(notice).toBeVisible();
  await shot(shopper, 'gateways-checkout-test-mode');

  await openPaymentGateways(page);
  const cod = page.getByRole('region', { name: 'Cash On Delivery' });
  await cod.getByRole('button', { name: 'Connect' }).click();
  await expect(cod.getByTestId('gateway-status')).toContainText('Default');
  await shopper.goto(checkoutUrl);
  await expect(shopper.getByRole('button', { name: 'Go to step #2' })).toBeVisible();
  await expect(shopper.locator('[data-payment-form]')).toHaveCount(1);
  await expect(notice).toHaveCount(0);
  await context.close();
});
