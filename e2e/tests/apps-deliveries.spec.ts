import {
  MAILCHIMP_GOOD_KEY,
  startFakeMailchimp,
} from '../../apps/server/src/modules/integrations/mailchimp/mailchimp.fixtures.ts';
import { expect, test } from './fixtures.ts';
import {
  api,
  chooseSubdomain,
  e2eMailchimpPort,
  e2ePort,
  endpoints,
  shot,
  signUpThroughApi,
  uniqueEmail,
} from './helpers.ts';

test('a funnel app whose integration is not connected says so, logs its failed delivery, and Resend delivers it once connected', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const mailchimp = await startFakeMailchimp(e2eMailchimpPort);
  try {
    await signUpThroughApi(
      page,
      {
        email: uniqueEmail('chimp'),
        password: 'chimp password',
        firstName: 'Cleo',
        business: 'Cleo Yoga',
      },
      '/settings/account',
    );
    const subdomain = `cleo${Date.now().toString(36)}`;
    await chooseSubdomain(page, subdomain);
    const funnel = await api(page).call(endpoints.funnels.createFunnel, {
      body: {
        data: {
          name: 'Free class',
          funnel_type: 1,
          path: 'class',
        },
      },
    });
    await api(page).call(endpoints.steps.createWfunnelStep, {
      params: { id: funnel.id },
      body: {
        data: {
          name: 'Opt in',
          type: 5,
          url: 'free',
          template_id: 'landing-lead-magnet',
        },
      },
    });
    await api(page).call(endpoints.steps.createWfunnelStep, {
      params: { id: funnel.id },
      body: {
        data: {
          name: 'Thanks',
          type: 3,
          url: 'thanks',
          template_id: 'thank-you-next-steps',
        },
      },
    });
    // Shoppers get what was published (issue 36): the funnel goes live as set up.
    await api(page).call(endpoints.publishing.publishFunnel, { params: { id: funnel.id } });

    // The app's screen in the funnel says plainly that Mailchimp is not connected, with the way there.
    await page.goto(`/wfunnel/${funnel.id}/apps/mailchimp-subscribers`);
    const notice = page.getByRole('alert').filter({ hasText: 'Mailchimp is not connected' });
    // The screen's first load compiles the funnel screens' chunks: slow on a loaded machine.
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice.getByRole('link', { name: 'Connect Mailchimp' })).toHaveAttribute(
      'href',
      '/integrations/3',
    );
    const form = page.getByRole('region', { name: 'Mailchimp subscribers' });
    await form.getByLabel('Audience id').fill('a1b2c3d4e5');
    await form.getByLabel('Tags').fill('free class');
    await form.getByLabel('Tags').press('Enter');
    await form.getByRole('checkbox', { name: 'Opt-in' }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved')).toBeVisible();
    await expect(form.getByText('No deliveries yet.')).toBeVisible();

    // A visitor opts in on the published page.
    const visitor = await (await browser.newContext()).newPage();
    const email = uniqueEmail('student');
    await visitor.goto(`http://${subdomain}.localhost:${e2ePort}/class`);
    await visitor.getByLabel('First name').fill('Sam');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByRole('button', { name: 'Send me the free guide' }).click();
    await expect(visitor).toHaveURL(/\/class\/thanks$/, { timeout: 30_000 });
    await visitor.close();

    // Its delivery is in the app's log, failed with the reason (the log refreshes every 5 s).
    const log = form.getByRole('table', { name: 'Deliveries' });
    const row = log.getByTestId('delivery-row').filter({ hasText: 'optin.created' });
    await expect(row).toContainText('failed', { timeout: 20_000 });
    await expect(row).toContainText('Mailchimp is not connected: connect it, then Resend');
    await shot(page, 'apps-deliveries-not-connected');
    expect(mailchimp.requests).toHaveLength(0);

    // Connect Mailchimp through the notice's link, come back and Resend: delivered, the subscriber added.
    await notice.getByRole('link', { name: 'Connect Mailchimp' }).click();
    await expect(page).toHaveURL(/\/integrations\/3$/);
    const connect = page.getByRole('form', { name: 'Connect Mailchimp' });
    await connect.getByLabel('API key').fill(MAILCHIMP_GOOD_KEY);
    await connect.getByRole('button', { name: 'Connect' }).click();
    await expect(connect.getByRole('button', { name: 'Save' })).toBeVisible();

    await page.goto(`/wfunnel/${funnel.id}/apps/mailchimp-subscribers`);
    await expect(page.getByRole('alert').filter({ hasText: 'is not connected' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Resend' }).click();
    await expect(row).toContainText('delivered', { timeout: 20_000 });
    await expect(row).toContainText('200');
    const member = [...(mailchimp.lists.get('a1b2c3d4e5')?.members.values() ?? [])].find(
      (m) => m.email_address === email,
    );
    expect(member?.tags).toEqual(['free class']);
    await shot(page, 'apps-deliveries-resent');
  } finally {
    await mailchimp.close();
  }
});
