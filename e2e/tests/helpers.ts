import { fileURLToPath } from 'node:url';
import {
  type ApiClient,
  createApiClient,
  type SentDataOf,
  type Transport,
} from '@funnelwork/domain/api/client';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  FAKE_GOOGLE_CLIENT,
  type FakeGoogle,
  startFakeGoogle,
} from '../../apps/server/src/modules/integrations/google-sheets/google-sheets.fixtures.ts';
import { expect, test } from './fixtures.ts';

export { endpoints };

let counter = 0;
/** A number written in the letters a–p (base 16), so a made-up address holds no digits. */
const inLetters = (n: number) =>
  n.toString(16).replace(/[0-9a-f]/g, (d) => String.fromCharCode(97 + Number.parseInt(d, 16)));
/**
 * An address no other test has used. It has no digits: shoppers made by tests buy in the demo store
 * beside its orders, and a digit run from a timestamp made the search for order 1010 find two orders.
 */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${inLetters(Date.now())}-${inLetters(process.pid)}-${inLetters(++counter)}@example.test`;

const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));
/**
 * Screenshots land in e2e/screenshots/ for a person to look at. E2E_SCREENSHOTS=0 takes none: CI's clone
 * keeps only its log, and the ~220 full-page captures cost CPU that the browser tests share.
 */
export const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true });
};

export async function signUp(
  page: Page,
  user: { email: string; password: string; firstName: string; business: string },
) {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Business name').fill(user.business);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/log-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/log-in/);
}

/** Opens the Mailbox and reads the 6-digit code of the newest message to `to`. */
export async function readCodeFromMailbox(page: Page, to: string): Promise<string> {
  const row = page.getByRole('row').filter({ hasText: to }).first();
  // A reset code is mailed by a background job: reload the Mailbox until it is there, as a person would.
  await expect(async () => {
    await page.goto('/settings/mailbox');
    await expect(row).toBeVisible({ timeout: 3_000 });
  }).toPass();
  await row.click();
  const text = await page.getByTestId('mail-text').textContent();
  await page.keyboard.press('Escape');
  const code = /(\d{6})/.exec(text ?? '')?.[1];
  expect(code).toBeTruthy();
  return code as string;
}

/** Closes the welcome popup of a new account ("Closing it … sets onboarding_finished true"). */
export async function closeWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: /^Welcome to Funnelwork/ });
  await welcome.getByRole('button', { name: 'Start exploring' }).click();
  await expect(welcome).toBeHidden();
}

/**
 * Carries a call of the typed client through the page's own `fetch`, with the session the page signed in
 * with (its `fw.token`), as the screens do.
 */
function pageTransport(page: Page): Transport {
  return (request) =>
    page.evaluate(async ({ method, url, headers, body }) => {
      const token = localStorage.getItem('fw.token');
      const response = await fetch(url, {
        method,
        headers: { ...headers, authorization: `Bearer ${token}` },
        body,
      });
      return { status: response.status, text: await response.text() };
    }, request);
}

/**
 * The endpoint table's typed client (packages/domain/src/api/client.ts) acting as the page's user:
 * `await api(page).call(endpoints.funnels.createFunnel, { body: { data } })`. A call's input and answer
 * are its row's, so a contract change breaks the browser tests' type-check, as it does the dashboard's.
 */
export function api(page: Page): ApiClient {
  return createApiClient(pageTransport(page));
}

/**
 * The arrange several specs share: a funnel of the second kind (`/wfunnel/…`) with one step (from a
 * template when `step.template_id` names one), made through the API as the page's user (or a client's, as
 * `apiOver` before a page is open). Not published:
 * a new funnel starts as a draft (issue 36).
 */
export async function funnelWithStep(
  as: Page | ApiClient,
  funnel: Omit<SentDataOf<typeof endpoints.funnels.createFunnel>, 'funnel_type'>,
  step: SentDataOf<typeof endpoints.steps.createWfunnelStep>,
) {
  const client = 'call' in as ? as : api(as);
  const created = await client.call(endpoints.funnels.createFunnel, {
    body: { data: { ...funnel, funnel_type: 1 } },
  });
  const first = await client.call(endpoints.steps.createWfunnelStep, {
    params: { id: created.id },
    body: { data: step },
  });
  return { funnel: created, step: first };
}

/** Chooses the account's free subdomain in the account settings. */
export async function chooseSubdomain(page: Page, subdomain: string) {
  if (new URL(page.url()).pathname !== '/settings/account') await page.goto('/settings/account');
  await page.getByRole('button', { name: /^(Choose|Change) subdomain$/ }).click();
  const popup = page.getByRole('dialog');
  await popup.getByLabel('Subdomain').fill(subdomain);
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('current-subdomain')).toHaveText(subdomain);
}

/** The port the e2e server listens on (published pages are served at `{subdomain}.localhost:{port}`). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);

/** The port gateways.spec.ts's fake Stripe listens on; the e2e server's STRIPE_API_BASE points there. */
export const e2eStripePort = Number(process.env.E2E_STRIPE_PORT ?? e2ePort + 1);

/** The port checkout-paypal.spec.ts's fake PayPal listens on (PAYPAL_API_BASE, PAYPAL_SDK_URL). */
export const e2ePayPalPort = Number(process.env.E2E_PAYPAL_PORT ?? e2ePort + 8);

/**
 * A second browser context for the shopper, beside the merchant's page. Its user agent drops "Headless",
 * which the published pages' bot filter would otherwise leave out of the analytics.
 */
export async function shopperPage(browser: Browser, merchant: Page) {
  const context = await browser.newContext({
    userAgent: (await merchant.evaluate(() => navigator.userAgent)).replace('HeadlessChrome', 'Chrome'),
  });
  return { context, shopper: await context.newPage() };
}
/** The port integrations.spec.ts's webhook receiver listens on; the server may reach it (OUTBOUND_ALLOW_HOSTS). */
export const e2eWebhookPort = Number(process.env.E2E_WEBHOOK_PORT ?? e2ePort + 2);
/** The fake Twilio's port for sms.spec.ts (playwright.config.ts points SMS_API_BASE at it). */
export const e2eSmsPort = Number(process.env.E2E_SMS_PORT ?? e2ePort + 3);
/** The fake Shopify's port for integrations-services.spec.ts (playwright.config.ts points SHOPIFY_API_BASE at it). */
export const e2eShopifyPort = Number(process.env.E2E_SHOPIFY_PORT ?? e2ePort + 4);
/** The fake Mailchimp's port for apps-deliveries.spec.ts (playwright.config.ts points MAILCHIMP_API_BASE at it). */
export const e2eMailchimpPort = Number(process.env.E2E_MAILCHIMP_PORT ?? e2ePort + 7);
/** The fake Google's port for google-sheets.spec.ts (playwright.config.ts points the GOOGLE_* bases at it). */
export const e2eGooglePort = Number(process.env.E2E_GOOGLE_PORT ?? e2ePort + 9);

/** The fake Google (consent screen, tokens, Sheets) for a spec file's tests: call at the file's top level. */
export function useFakeGoogle(): () => FakeGoogle {
  let google: FakeGoogle | undefined;
  test.beforeAll(async () => {
    google = await startFakeGoogle({ ...FAKE_GOOGLE_CLIENT, port: e2eGooglePort });
  });
  test.afterAll(() => google?.close());
  return () => {
    if (!google) throw new Error('the fake Google starts in beforeAll');
    return google;
  };
}

/** Step 1 of the two-step checkout form: the shopper's details, then on to the payment. */
export async function fillShopperDetails(
  shopper: Page,
  { name, email, phone = '+1 555 0142' }: { name: string; email: string; phone?: string },
) {
  await shopper.getByLabel('Full name').fill(name);
  await shopper.getByLabel('Email').fill(email);
  await shopper.getByLabel('Phone').fill(phone);
  await shopper.getByRole('button', { name: 'Go to step #2' }).click();
}

/** Step 2: the Sandbox test card, and "Complete order". */
export async function payWithSandboxCard(shopper: Page) {
  await shopper.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shopper.getByLabel('Expiry date').fill('12 / 2040');
  await shopper.getByLabel('CVC').fill('123');
  await shopper.getByRole('button', { name: 'Complete order' }).click();
}

/**
 * A shopper buys in the seeded demo's summer sale, in a browser context of their own, and declines the
 * one-click upsell's offer; answers the e-mail they bought with.
 */
export async function buyInDemoStore(
  browser: Browser,
  merchant: Page,
  who: { name: string; emailPrefix: string; phone?: string },
): Promise<string> {
  const origin = `http://demo-store.localhost:${e2ePort}`;
  const { context, shopper } = await shopperPage(browser, merchant);
  await shopper.goto(`${origin}/summer-sale/checkout`);
  const email = uniqueEmail(who.emailPrefix);
  await fillShopperDetails(shopper, { name: who.name, email, phone: who.phone });
  await payWithSandboxCard(shopper);
  await expect(shopper).toHaveURL(`${origin}/summer-sale/upsell`, { timeout: 20_000 });
  // Leaving the offer confirms the order (its one receipt and On Purchase run) at once.
  await shopper.getByText('No thanks, I will build my pages from scratch').click();
  await expect(shopper).toHaveURL(`${origin}/summer-sale/thank-you`, { timeout: 20_000 });
  await context.close();
  return email;
}

export const DEMO_LOGIN = { email: 'demo@funnelwork.test', password: 'demo12345' };

/**
 * Opens `path` as the demo merchant without going through the log-in screen (session.spec.ts and
 * dashboard.spec.ts do): signs in through the API as the screen does, keeps the session where the app
 * keeps it (set once per tab, so a test that logs out stays logged out), and opens the page.
 */
export async function openAsDemo(page: Page, path: string) {
  await openSignedIn(page, DEMO_LOGIN, path);
}

/** A demo funnel's id (by default Summer sale's), its steps and the first automation's id (signed in). */
export async function demoIds(page: Page, funnelPath = 'summer-sale') {
  const funnels = await api(page).call(endpoints.funnels.listFunnels);
  const funnel = funnels.find((f) => f.path === funnelPath);
  expect(funnel, funnelPath).toBeTruthy();
  const steps = await api(page).call(endpoints.steps.listFunnelSteps, {
    params: { id: funnel?.id as number },
  });
  const automations = await api(page).call(endpoints.automations.listAutomations);
  return { funnelId: funnel?.id as number, steps, automationId: automations[0]?.id };
}

/** The page editor's address of a demo funnel's first page (by default the Summer sale checkout). */
export async function demoEditorPath(page: Page, funnelPath = 'summer-sale') {
  const { funnelId, steps } = await demoIds(page, funnelPath);
  const me = await api(page).call(endpoints.users.getUsersMe);
  const first = steps[0];
  return `/page-editor/wfunnel/${funnelId}/steps/${first?.id}/pages/${first?.pages[0]?.id}/${me.id}`;
}

/** A merchant's sign-up form, as `signUp` fills it in. */
export type NewMerchant = { email: string; password: string; firstName: string; business: string };

/**
 * A new merchant for a test that is not about signing up (session.spec.ts and onboarding.spec.ts go
 * through the screen): signs up and in through the API as the sign-up screen does, ends onboarding as
 * "Start exploring" on the welcome popup does, and opens `path` signed in (with `null`, the tab's next page
 * opens signed in). Answers the session's token and the merchant's user id.
 */
export async function signUpThroughApi(page: Page, user: NewMerchant, path: string | null = '/get-started') {
  await apiOver(page.request).call(endpoints.users.signUp, {
    body: {
      data: {
        email: user.email,
        password: user.password,
        first_name: user.firstName,
        last_name: 'Tester',
        account_name: user.business,
      },
    },
  });
  return openSignedIn(page, { email: user.email, password: user.password }, path, {
    onboarding_finished: true,
  });
}

/**
 * The typed client over Playwright's request context (`page.request`, or the `request` fixture): no page
 * need be open, and no session is carried but the bearer `token` given (the arrange before a first `goto`).
 */
export function apiOver(request: APIRequestContext, token?: string): ApiClient {
  const transport: Transport = async ({ method, url, headers, body }) => {
    const response = await request.fetch(url, { method, headers, data: body });
    return { status: response.status(), text: await response.text() };
  };
  return createApiClient(transport, token);
}

/** Signs in through the API (optionally changing the user first), keeps the session as the app does, opens `path`. */
async function openSignedIn(
  page: Page,
  login: { email: string; password: string },
  path: string | null,
  userChange?: SentDataOf<typeof endpoints.users.updateUser>,
): Promise<{ token: string; userId: number }> {
  const { access_token: token } = await apiOver(page.request).call(endpoints.users.signIn, {
    form: { grant_type: 'password', username: login.email, password: login.password },
  });
  const client = apiOver(page.request, token);
  const [account] = await client.call(endpoints.users.listUsersMeAccounts);
  expect(account).toBeTruthy();
  let me = await client.call(endpoints.users.chooseAccount, { params: { id: account?.id ?? 0 } });
  if (userChange)
    me = await client.call(endpoints.users.updateUser, { params: { id: me.id }, body: { data: userChange } });
  await page.addInitScript(
    ({ token, accountId, me }) => {
      if (sessionStorage.getItem('e2e.session')) return;
      sessionStorage.setItem('e2e.session', '1');
      localStorage.setItem('fw.token', token);
      localStorage.setItem('fw.accountId', String(accountId));
      localStorage.setItem('fw.user', JSON.stringify(me));
    },
    { token, accountId: account?.id, me },
  );
  if (path !== null) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();
  }
  return { token, userId: me.id };
}

/**
 * What a rich-text surface (`inline-editor`) holds: its text, the selected text and whether the selection
 * is a caret (Tiptap keeps itself on its element as `editor`). Tiptap reads typed keys, keyboard
 * selections and the focus a moment after them, and a key pressed before it has read the last one can be
 * undone; tests wait on this between keys, as a person's pace does.
 */
export function editorState(surface: Locator) {
  return surface.evaluate((element) => {
    type State = {
      doc: { textContent: string; textBetween(from: number, to: number): string };
      selection: { from: number; to: number; empty: boolean };
    };
    const { state } = (element as unknown as { editor: { state: State } }).editor;
    return {
      text: state.doc.textContent,
      selected: state.doc.textBetween(state.selection.from, state.selection.to),
      collapsed: state.selection.empty,
    };
  });
}

/**
 * Publishes a funnel from its overview, as a merchant does before sending shoppers to it (a new funnel
 * starts unpublished: issue 36), and stays on the overview.
 */
export async function publishFromOverview(page: Page, funnelId: number) {
  await page.goto(`/wfunnel/${funnelId}/overview`);
  const status = page.getByTestId('published-address').getByTestId('publish-status');
  await expect(status).toHaveText('Draft', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish' });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveText('Published');
}
