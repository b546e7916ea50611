import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { FAKE_GOOGLE_CLIENT } from '../apps/server/src/modules/integrations/google-sheets/google-sheets.fixtures.ts';
import { FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN } from '../apps/server/src/sms/fake-twilio.fixtures.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
/** Where gateways.spec.ts starts its fake Stripe (helpers.ts works it out the same way). */
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 1);
/** Where integrations.spec.ts starts its webhook receiver (helpers.ts works it out the same way). */
const webhookPort = Number(process.env.E2E_WEBHOOK_PORT ?? port + 2);
/** Where sms.spec.ts starts its fake Twilio (helpers.ts works it out the same way). */
const smsPort = Number(process.env.E2E_SMS_PORT ?? port + 3);
/** Where integrations-services.spec.ts starts its fake Shopify (helpers.ts works it out the same way). */
const shopifyPort = Number(process.env.E2E_SHOPIFY_PORT ?? port + 4);
/** Where apps-deliveries.spec.ts starts its fake Mailchimp (helpers.ts works it out the same way). */
const mailchimpPort = Number(process.env.E2E_MAILCHIMP_PORT ?? port + 7);
/** Where checkout-paypal.spec.ts starts its fake PayPal (helpers.ts works it out the same way). */
const paypalPort = Number(process.env.E2E_PAYPAL_PORT ?? port + 8);
/** Where google-sheets.spec.ts starts its fake Google (helpers.ts works it out the same way). */
const googlePort = Number(process.env.E2E_GOOGLE_PORT ?? port + 9);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-e2e-'));
/**
 * The server's database: PostgreSQL when DATABASE_URL names one (CI), a database of its own there
 * (serve.mjs); E2E_DATABASE=pglite, or no DATABASE_URL, keeps the embedded one. On PostgreSQL the demo's
 * seed took 7 s of the server's CPU instead of 66 (docs/decisions/codebase-and-ci.md, "Tests").
 */
const postgresUrl = process.env.E2E_DATABASE === 'pglite' ? '' : (process.env.DATABASE_URL ?? '');

export default defineConfig({
  testDir: './tests',
  // Waits for the server's start-up work to end (the webServer below is started first).
  globalSetup: './global-setup.ts',
  // Per port: scripts/test.mjs runs several Playwright processes at once, each cleaning its own directory.
  outputDir: `./test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // 15 s: two test processes share two cores, and a first dashboard load took 11 s among them once.
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    // Without animations (the app honours prefers-reduced-motion): software-rendered, a looping one
    // repaints every frame, and two groups' browsers on two cores ran 2.5× slow (docs/decisions/codebase-and-ci.md).
    contextOptions: { reducedMotion: 'reduce' },
    // Failed tests keep a trace of DOM snapshots; its screencast (E2E_TRACE=screencast) costs about a
    // quarter of the browser tests' CPU. E2E_TRACE=0 turns traces off.
    trace:
      process.env.E2E_TRACE === '0'
        ? 'off'
        : { mode: 'retain-on-failure', screenshots: process.env.E2E_TRACE === 'screencast' },
    // Playwright gives every launch a fresh, temporary profile (it refuses --user-data-dir). Scrollbars
    // show and take room, as on Windows and Linux (Playwright hides them in headless Chromium).
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ['--hide-scrollbars'],
    },
  },
  webServer: {
    command: 'node ./serve.mjs',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // Seeding the demo's 4,000 orders on first boot takes ~15 s, several times that on a loaded machine.
    timeout: 180_000,
    // The embedded database in a fresh directory of their own, or a fresh PostgreSQL database (serve.mjs).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      E2E_DATABASE_URL: postgresUrl,
      LOG_LEVEL: 'warn',
      // The demo account and its 4,000 orders (orders.spec.ts reads them); other specs sign up their own.
      SEED_DEMO: '1',
      // The specs sign up a few dozen merchants from 127.0.0.1, past a real client's hourly limit.
      SIGN_UP_LIMIT_PER_HOUR: '1000',
      PUBLIC_URL: `http://localhost:${port}`,
      // Stripe's API as the fake of gateways.spec.ts answers it (no test here reaches the real one).
      STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
      // The fake's Stripe.js (checkout-stripe.spec.ts): its card frames come from the fake's origin.
      STRIPE_JS_URL: `http://127.0.0.1:${stripePort}/v3/`,
      // PayPal's REST API and JS SDK as checkout-paypal.spec.ts's fake answers them.
      PAYPAL_API_BASE: `http://127.0.0.1:${paypalPort}`,
      PAYPAL_SDK_URL: `http://127.0.0.1:${paypalPort}/sdk/js`,
      // The private addresses outbound calls may reach: integrations.spec.ts's local receiver, the fake
      // Shopify of integrations-services.spec.ts, the fake Google of google-sheets.spec.ts and the fake
      // Mailchimp of apps-deliveries.spec.ts.
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${webhookPort},127.0.0.1:${shopifyPort},127.0.0.1:${googlePort},127.0.0.1:${mailchimpPort}`,
      // Mailchimp's Marketing API as the fake of apps-deliveries.spec.ts answers it (every data center).
      MAILCHIMP_API_BASE: `http://127.0.0.1:${mailchimpPort}`,
      // Shopify's Admin API as the fake of integrations-services.spec.ts answers it (stores by path).
      SHOPIFY_API_BASE: `http://127.0.0.1:${shopifyPort}/{shop}`,
      WEBHOOK_RETRY_BASE_MS: '1000',
      // automations-integrations.spec.ts sees a failing step's five tries through within a test (1+2+4+8 s).
      AUTOMATION_RETRY_DELAY_SECONDS: '1',
      // The SMS provider as sms.spec.ts's fake Twilio answers it, with the fake's credentials.
      SMS_API_BASE: `http://127.0.0.1:${smsPort}`,
      SMS_ACCOUNT_SID: FAKE_TWILIO_SID,
      SMS_AUTH_TOKEN: FAKE_TWILIO_TOKEN,
      // Google's OAuth and Sheets APIs as google-sheets.spec.ts's fake answers them.
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT.clientSecret,
      GOOGLE_OAUTH_AUTHORIZE_URL: `http://127.0.0.1:${googlePort}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_BASE: `http://127.0.0.1:${googlePort}`,
      GOOGLE_SHEETS_API_BASE: `http://127.0.0.1:${googlePort}`,
    },
  },
});
