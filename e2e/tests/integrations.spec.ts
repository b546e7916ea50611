// Issue 17: "Chromium: connect the webhook integration, buy in a published funnel, see the delivery in
// the log." The receiver is a local server started here, checking each delivery's signature.
import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './fixtures.ts';
import { buyInDemoStore, e2eWebhookPort, logIn, shot } from './helpers.ts';

type Delivery = { eventId: string; type: string; body: string; verified: boolean };

test('the demo connects a webhook, a purchase in its published funnel reaches it signed, and the log shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const received: Delivery[] = [];
  let secret = '';
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      // The receiver's check as docs/webhooks.md gives it: Standard Webhooks, with its library.
      const verified = (() => {
        try {
          new Webhook(secret).verify(body, request.headers as Record<string, string>);
          return true;
        } catch {
          return false;
        }
      })();
      received.push({
        eventId: String(request.headers['webhook-id']),
        type: String(request.headers['funnelwork-event-type']),
        body,
        verified,
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(e2eWebhookPort, '127.0.0.1', resolve));

  try {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await logIn(page, 'demo@funnelwork.test', 'demo12345');
    await expect(page.getByRole('button', { name: 'Profile' })).toBeVisible();

    await page.goto('/integrations');
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    // The demo is shared: automations-integrations.spec connects Google Sheets on it before this runs.
    const sheets = page.getByRole('region', { name: 'Google Sheets' });
    await expect(sheets).toContainText(/Not connected|Connected/);
    await expect(page.getByRole('region', { name: 'Payment plugin' })).toContainText('Inactive');
    await shot(page, 'integrations-catalogue');
    await page.getByRole('region', { name: 'Webhook' }).getByRole('link', { name: 'Connect' }).click();
    await expect(page).toHaveURL(/\/integrations\/webhook$/);

    // A private address is refused, naming the field.
    const form = page.getByRole('form', { name: 'Connect the webhook' });
    await form.getByLabel('Endpoint URL').fill('http://169.254.169.254/latest/meta-data');
    await form.getByRole('button', { name: 'Connect' }).click();
    await expect(form).toContainText('Refused 169.254.169.254: not a public address');

    await form.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${e2eWebhookPort}/funnelwork`);
    await form.getByRole('checkbox', { name: /Refund/ }).check();
    await form.getByRole('button', { name: 'Connect' }).click();
    const shown = page.getByTestId('signing-secret');
    await expect(shown).toHaveText(/^whsec_/);
    secret = (await shown.textContent()) ?? '';

    // The shopper buys in the demo's published funnel.
    await buyInDemoStore(browser, page, {
      name: 'Wanda Webhook',
      emailPrefix: 'webhook-buyer',
      phone: '+1 555 0199',
    });

    // The delivery arrives, signed, and the log says so.
    await expect
      .poll(() => received.filter((d) => d.type === 'order.paid').length, { timeout: 20_000 })
      .toBe(1);
    const paid = received.find((d) => d.type === 'order.paid') as Delivery;
    expect(paid.verified).toBe(true);
    expect(JSON.parse(paid.body)).toMatchObject({ id: paid.eventId, type: 'order.paid' });
    const row = page.getByTestId('delivery-row').filter({ hasText: paid.eventId });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('order.paid');
    await expect(row).toContainText('delivered');
    await expect(row).toContainText('200');
    await expect(row).toContainText(/\d+ ms/);
    await shot(page, 'integrations-webhook-log');

    // Resend: the same event id again, so the receiver can tell it is the same event.
    await row.getByRole('button', { name: 'Resend' }).click();
    await expect
      .poll(() => received.filter((d) => d.eventId === paid.eventId).length, { timeout: 15_000 })
      .toBe(2);
    expect(received.filter((d) => d.eventId === paid.eventId).every((d) => d.verified)).toBe(true);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
