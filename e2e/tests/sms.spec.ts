// Issue 18 "SMS": a merchant tops up the prepaid SMS balance by card and buys a number, on Settings → SMS,
// against a local fake of the Twilio API (playwright.config.ts points SMS_API_BASE at it).

import { startFakeTwilio } from '../../apps/server/src/sms/fake-twilio.fixtures.ts';
import { expect, test } from './fixtures.ts';
import { api, e2eSmsPort, endpoints, shot, signUpThroughApi, uniqueEmail } from './helpers.ts';

let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
test.beforeAll(async () => {
  twilio = await startFakeTwilio({ port: e2eSmsPort });
});
test.afterAll(() => twilio.close());

test('a merchant tops up the SMS balance and buys a UK number, then releases it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(page, {
    email: uniqueEmail('sam'),
    password: 'sam password',
    firstName: 'Sam',
    business: 'Sam Shop',
  });
  const funnel = await api(page).call(endpoints.funnels.createFunnel, {
    body: {
      data: {
        name: 'Spring sale',
        funnel_type: 1,
      },
    },
  });

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'SMS' }).click();
  await expect(page).toHaveURL(/\/settings\/sms$/);
  await expect(page.getByRole('heading', { name: 'SMS', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sms-balance')).toHaveText('$0.00');
  await expect(page.getByText('No numbers yet.')).toBeVisible();

  // A declined card is named under its field and the balance stays.
  await page.getByRole('button', { name: 'Top up' }).click();
  const topUp = page.getByRole('dialog', { name: 'Top up SMS balance' });
  await topUp.getByLabel('Amount (USD)').fill('20');
  await topUp.getByLabel('Card number').fill('4000 0000 0000 0002');
  await topUp.getByLabel('Expiry (MM/YY)').fill('12/30');
  await topUp.getByLabel('CVC').fill('123');
  await topUp.getByRole('button', { name: 'Pay $20.00' }).click();
  await expect(topUp.getByText('Your card was declined.')).toBeVisible();
  await expect(page.getByTestId('sms-balance')).toHaveText('$0.00');
  await topUp.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Top up' }).click();
  await topUp.getByLabel('Amount (USD)').fill('20');
  await topUp.getByLabel('Card number').fill('4242 4242 4242 4242');
  await topUp.getByLabel('Expiry (MM/YY)').fill('12/30');
  await topUp.getByLabel('CVC').fill('123');
  await shot(page, 'sms-top-up');
  await topUp.getByRole('button', { name: 'Pay $20.00' }).click();
  await expect(topUp).toBeHidden();
  await expect(page.getByText('Your SMS balance was topped up')).toBeVisible();
  await expect(page.getByTestId('sms-balance')).toHaveText('$20.00');

  await page.getByRole('button', { name: 'Buy number' }).click();
  const buy = page.getByRole('dialog', { name: 'Buy an SMS number' });
  await buy.getByLabel('Country').click();
  await page.getByRole('option', { name: 'United Kingdom (+44)' }).click();
  await expect(buy.getByText('$2.00 from your SMS balance')).toBeVisible();
  await buy.getByRole('radio', { name: /\+447700900102 — Manchester/ }).check();
  await shot(page, 'sms-buy-number');
  await buy.getByRole('button', { name: 'Buy number' }).click();
  await expect(buy).toBeHidden();
  const row = page.getByTestId('sms-number');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('+447700900102');
  await expect(row).toContainText('GB');
  await expect(page.getByTestId('sms-balance')).toHaveText('$18.00');
  expect([...twilio.owned.values()]).toContain('+447700900102');

  // The funnel's SMS number (PUT funnels/{id}/sms-numbers).
  await row.getByRole('combobox', { name: 'Funnel of +447700900102' }).click();
  await page.getByRole('option', { name: 'Spring sale' }).click();
  await expect(page.getByText('SMS number saved')).toBeVisible();
  const numbers = await api(page).call(endpoints.sms.listSmsNumbers);
  expect(numbers.map((n) => n.funnel_id)).toEqual([funnel.id]);
  await shot(page, 'sms-settings');

  await row.getByRole('button', { name: 'Release' }).click();
  const release = page.getByRole('dialog', { name: 'Release number' });
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('No numbers yet.')).toBeVisible();
  expect([...twilio.owned.values()]).not.toContain('+447700900102');
});
