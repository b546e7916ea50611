import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  api,
  apiOver,
  editorState,
  endpoints,
  openAsDemo,
  shot,
  signUpThroughApi,
  uniqueEmail,
} from './helpers.ts';

const canvas = (page: Page) => page.getByTestId('canvas');
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save changes', exact: true });

/** A new merchant (signed up through the API, onboarding over); the tab's next page opens signed in. */
async function signedUpMerchant(page: Page, firstName: string) {
  return signUpThroughApi(
    page,
    {
      email: uniqueEmail(firstName.toLowerCase()),
      password: 'e-mail editor password',
      firstName,
      business: `${firstName} Shop`,
    },
    null,
  );
}

test('design an e-mail from a shared template, use a merge tag, undo, save, send a test and read it in the mailbox', async ({
  page,
}) => {
  // The longest story of the e-mail editor: about a minute alone, more on a busy machine.
  test.setTimeout(150_000);
  const { userId } = await signedUpMerchant(page, 'Greta');

  // A new e-mail offers the shared templates to start from.
  await page.goto(`/email-editor/global/none/${userId}/new`);
  const picker = page.getByRole('dialog', { name: 'Start from a shared template' });
  await expect(picker.getByText('Thank you for your order')).toBeVisible();
  await expect(picker.getByText('Newsletter', { exact: true })).toBeVisible();
  // Each design's thumbnail: the design as sent, in a frame sandboxed without any allowance.
  await expect(picker.getByTestId('shared-template-thumbnail')).toHaveCount(3);
  await expect(picker.getByTitle('Welcome preview')).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('iframe[title="Welcome preview"]').getByText('Welcome aboard, Alex!'),
  ).toBeVisible();
  await shot(page, 'email-shared-templates-picker');
  await picker.getByRole('button', { name: 'Use Welcome' }).click();
  await expect(page).toHaveURL(new RegExp(`/email-editor/global/none/${userId}/\\d+$`));
  const base = new URL(page.url()).pathname;
  await expect(canvas(page).getByText('Welcome aboard, {{first_name|friend}}!')).toBeVisible();
  await expect(page.getByLabel('Template title')).toHaveValue('Welcome');
  // Spec §2.9: the header and the left bar of the e-mail editor.
  await expect(page.getByRole('link', { name: 'Go back to automations' })).toHaveAttribute(
    'href',
    '/automations',
  );
  for (const tab of ['Add new element', 'Layout', 'Properties', 'Code Editor']) {
    await expect(
      page.getByRole('navigation', { name: 'Editor panels' }).getByRole('button', { name: tab }),
    ).toBeVisible();
  }
  await expect(saveButton(page)).toBeDisabled();
  // The e-mail is 650 px wide on the canvas of the 1200 px desktop view (scaled to fit the window).
  const email = await canvas(page).locator('.fw-page').boundingBox();
  const view = await canvas(page).boundingBox();
  expect(((email?.width ?? 0) / (view?.width ?? 1)) * 1200).toBeCloseTo(650, 0);

  // §9 "Email default width 650, maximum 1200": the width is a setting of the e-mail; the canvas follows.
  const shownWidth = async () => {
    const shownEmail = await canvas(page).locator('.fw-page').boundingBox();
    const shownView = await canvas(page).boundingBox();
    return Math.round(((shownEmail?.width ?? 0) / (shownView?.width ?? 1)) * 1200);
  };
  await page
    .getByRole('navigation', { name: 'Editor panels' })
    .getByRole('button', { name: 'Properties' })
    .click();
  await page.getByRole('button', { name: 'Edit e-mail settings' }).click();
  const widthField = page.getByLabel('E-mail width');
  await expect(widthField).toHaveValue('650 px');
  await widthField.fill('1300');
  await expect(page.getByText('From 480 to 1200 px')).toBeVisible();
  expect(await shownWidth()).toBe(650);
  await widthField.fill('800');
  await expect.poll(shownWidth).toBe(800);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(shownWidth).toBe(650);

  // A merge tag from the rich-text toolbar's menu, in place.
  await canvas(page).getByText('Thanks for joining us.', { exact: false }).dblclick();
  const editor = page.getByTestId('inline-editor');
  // Each key waits for the editor to have read the last (helpers.ts `editorState`).
  await expect(editor).toBeFocused();
  // The surface starts with all its text selected: to its end first.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Control+End');
  await expect.poll(async () => (await editorState(editor)).collapsed).toBe(true);
  await page.keyboard.type(' See you soon, ');
  await expect
    .poll(async () => (await editorState(editor)).text)
    .toMatch(/and a little gift\. See you soon, $/);
  await page.getByLabel('Insert merge tag').selectOption('first_name');
  // The menu hands the focus back to the text a frame later (Tiptap's focus), as the colour input does.
  await expect(editor).toBeFocused();
  await page.keyboard.type('!');
  await page.keyboard.press('Escape');
  await expect(
    canvas(page).getByText('and a little gift. See you soon, {{first_name}}!', { exact: false }),
  ).toBeVisible();
  // No autosave in the e-mail editor: the change waits for Save changes.
  await page.waitForTimeout(800);
  await expect(saveButton(page)).toBeEnabled();
  await expect(page.getByTestId('unsaved-marker')).toBeVisible();

  await shot(page, 'email-editor-canvas');

  // Undo: a deleted headline comes back.
  const tips = canvas(page).getByText('Need help?');
  await tips.click();
  await page.keyboard.press('Delete');
  await expect(tips).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(canvas(page).getByText('Need help?')).toBeVisible();

  // "Please enter a template name" when saving without one; then the named save.
  await page.getByLabel('Template title').fill('');
  await saveButton(page).click();
  await expect(page.getByText('Please enter a template name')).toBeVisible();
  await page.getByLabel('Template title').fill('Welcome series · 1');
  await saveButton(page).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  // At 1280 px the header's buttons give way to the title: it and its save state stay readable.
  expect(page.viewportSize()?.width).toBe(1280);
  expect((await page.getByLabel('Template title').boundingBox())?.width ?? 0).toBeGreaterThan(140);
  expect((await page.getByTestId('save-status').boundingBox())?.height ?? 99).toBeLessThan(40);
  await shot(page, 'email-editor-header-1280');

  // Send test email: step 1 the recipient, step 2 the success message, closed after 1.5 s.
  const recipient = uniqueEmail('greta-test');
  await page.getByRole('button', { name: 'Send test email' }).click();
  const popup = page.getByRole('dialog', { name: 'Send a test email' });
  const send = popup.getByRole('button', { name: 'Send email' });
  const field = popup.getByPlaceholder('Type a valid email address');
  await expect(send).toBeDisabled();
  await field.fill('greta@');
  await expect(send).toBeDisabled();
  await field.fill(recipient);
  await expect(send).toBeEnabled();
  // "A false success sets the error flag with no message": the field turns red, says nothing, the
  // popup stays at step 1; typing clears the flag. (Our server answers a failure as an error, never as
  // false: the spec's false answer is staged here.)
  const sendTest = '**/api/email-templates/send-test';
  await page.route(sendTest, (route) => route.fulfill({ json: { data: { success: false } } }));
  await send.click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(popup.locator('.mantine-TextInput-error')).toHaveCount(0);
  await expect(popup.getByTestId('send-test-success')).toHaveCount(0);
  await page.unroute(sendTest);
  await field.fill('');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await field.fill(recipient);
  await send.click();
  await expect(popup.getByTestId('send-test-success')).toBeVisible();
  await expect(popup).toBeHidden({ timeout: 4000 });

  // Unsaved changes before a test: 'Save changes?'.
  await page.getByLabel('Template title').fill('Welcome series · 2');
  await page.getByRole('button', { name: 'Send test email' }).click();
  const confirm = page.getByRole('dialog', { name: 'Save changes?' });
  await expect(confirm.getByRole('button', { name: 'Ignore changes' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Save changes' }).click();
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(saveButton(page)).toBeDisabled();

  // `/email-editor/code` opens the Code Editor (custom CSS only) of the e-mail open in this tab.
  await page.goto('/email-editor/code');
  await expect(page).toHaveURL(`${base}/code`);
  const code = page.getByRole('dialog', { name: 'Code Editor' });
  await expect(code.getByRole('tab', { name: 'Custom CSS' })).toBeVisible();
  await expect(code.getByRole('tab')).toHaveCount(1);
  await expect(code.getByText("Styles added after the e-mail's own.")).toBeVisible();
  await code.getByRole('button', { name: 'Cancel' }).click();

  // Leaving with unsaved changes asks first; leaving clears the stored e-mail context.
  expect(await page.evaluate(() => sessionStorage.getItem('funnelwork.emailEditor'))).toContain(
    '"kind":"global"',
  );
  await page.getByLabel('Template title').fill('Welcome series · 3');
  await page.getByRole('link', { name: 'Go back to automations' }).click();
  const leave = page.getByRole('dialog', { name: 'Save changes?' });
  await leave.getByRole('button', { name: 'Ignore changes' }).click();
  await expect(page).toHaveURL(/\/automations$/);
  // The editor stays on screen until the next screen's code has loaded, then leaves.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('funnelwork.emailEditor'))).toBeNull();

  // The test e-mail in the mailbox, personalised with the sender's first name.
  await page.goto('/settings/mailbox');
  const row = page.getByRole('row').filter({ hasText: recipient }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Welcome series · 1');
  await row.click();
  // The HTML part as a mail client shows it, in a frame sandboxed without any allowance.
  const mail = page.getByRole('dialog');
  await expect(mail.getByTestId('mail-html')).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator('[data-testid="mail-html"]').getByText('Welcome aboard, Greta!'),
  ).toBeVisible();
  await shot(page, 'mailbox-html');
  await mail
    .locator('label')
    .filter({ hasText: /^Text$/ })
    .click();
  await expect(page.getByTestId('mail-text')).toContainText('Welcome aboard, Greta!');
  await expect(page.getByTestId('mail-text')).toContainText('a little gift. See you soon, Greta!');
  await page.keyboard.press('Escape');

  // Preview: the server's rendering of the saved version in a sandboxed frame.
  await page.goto(`${base}/preview`);
  const frame = page.getByTestId('email-preview');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="email-preview"]').getByText('See you soon, !')).toBeVisible();
  const previewUrl = await frame.getAttribute('src');
  expect(previewUrl).toMatch(/^\/preview-user-template\/\d+\?uid=\d+&key=/);

  // The rendered e-mail at 650 and 420 px, as mail clients show it.
  for (const width of [650, 420]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(previewUrl as string);
    await expect(page.getByText('Welcome aboard, friend!')).toBeVisible();
    await shot(page, `email-editor-rendered-${width}`);
  }
});

test('a new e-mail from scratch: the first save needs a name, creates the template and moves to its id', async ({
  page,
}) => {
  const { userId } = await signedUpMerchant(page, 'Hugo');
  await page.goto(`/email-editor/wfunnel/5/7/${userId}/new`);
  const picker = page.getByRole('dialog', { name: 'Start from a shared template' });
  await picker.getByRole('button', { name: 'Start from scratch' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole('button', { name: 'Start from a shared template' })).toBeVisible();
  // Layout "email": the editor alone, without the app's header (its menus and chat support link).
  await expect(page.locator('[data-layout="email"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Funnelwork home' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Help' })).toHaveCount(0);
  // Add new element offers the e-mail palette (spec §3.2 "Email blocks"), not the page's.
  await page
    .getByRole('navigation', { name: 'Editor panels' })
    .getByRole('button', { name: 'Add new element' })
    .click();
  await expect(page.getByRole('button', { name: 'Add Two-step form', exact: true })).toHaveAttribute(
    'title',
    'Drag onto the e-mail, or press Enter to add Two-step form',
  );
  for (const pageOnly of ['Order bump', 'Order summary', 'FAQ', 'Container']) {
    await expect(page.getByRole('button', { name: `Add ${pageOnly}`, exact: true })).toHaveCount(0);
  }
  // The view switch's third view (mobile and desktop are used in the tests below).
  await page.locator('header label').filter({ hasText: 'Tablets' }).click();
  await expect(canvas(page)).toHaveAttribute('data-view', 'tablets');
  await expect(page.getByRole('link', { name: 'Go back to automations' })).toHaveAttribute(
    'href',
    '/wfunnel/5/automations/7',
  );
  await expect(saveButton(page)).toBeDisabled();

  await canvas(page).getByRole('button', { name: 'Add section' }).click();
  await expect(canvas(page).locator('[data-node-type="section"]')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Start from a shared template' })).toHaveCount(0);
  await saveButton(page).click();
  await expect(page.getByText('Please enter a template name')).toBeVisible();
  await expect(page).toHaveURL(/\/new$/);

  await page.getByLabel('Template title').fill('Spring news');
  await saveButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/email-editor/wfunnel/5/7/${userId}/\\d+$`));
  await expect(page.getByLabel('Template title')).toHaveValue('Spring news');
  await expect(canvas(page).locator('[data-node-type="section"]')).toHaveCount(1);
  await expect(saveButton(page)).toBeDisabled();
  // A saved template opens without the picker.
  await expect(page.getByRole('dialog', { name: 'Start from a shared template' })).toHaveCount(0);

  // The header's Preview: the saved e-mail as it is sent, in a new tab.
  const [preview] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Preview', exact: true }).click(),
  ]);
  await expect(preview).toHaveURL(new RegExp(`/email-editor/wfunnel/5/7/${userId}/\\d+/preview$`));
  await expect(preview.getByTestId('email-preview')).toHaveAttribute('sandbox', '');
  await preview.close();
});

test('an empty saved e-mail takes a shared design as an undoable edit; its settings open in Properties; unload warns', async ({
  page,
}) => {
  const { userId, token } = await signedUpMerchant(page, 'Ida');
  const { id: created } = await apiOver(page.request, token).call(
    endpoints.emailTemplates.createUserEmailTemplatesFromShared,
    { params: { userId }, body: { data: { shared_id: 'welcome', name: 'Blank letter' } } },
  );
  await page.goto(`/email-editor/global/3/${userId}/${created}`);
  await expect(page.getByRole('link', { name: 'Go back to automations' })).toHaveAttribute(
    'href',
    '/automations/3',
  );
  // Emptied by hand: every section deleted in Layout.
  await page.getByRole('button', { name: 'Layout' }).click();
  const sections = canvas(page).locator('[data-node-type="section"]');
  // Counted down one by one: a count read just after Delete can still see the section leaving.
  for (let left = await sections.count(); left > 0; left--) {
    await sections.first().click({ position: { x: 4, y: 4 } });
    await page.keyboard.press('Delete');
    await expect(sections).toHaveCount(left - 1);
  }
  await page.getByRole('button', { name: 'Start from a shared template' }).click();
  const picker = page.getByRole('dialog', { name: 'Start from a shared template' });
  await picker.getByRole('button', { name: 'Use Newsletter' }).click();
  await expect(picker).toBeHidden();
  await expect(canvas(page).getByText('What is new this month')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${created}(/|$)`));
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(canvas(page).getByText('What is new this month')).toHaveCount(0);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(canvas(page).getByText('What is new this month')).toBeVisible();

  // The view switch: on a phone the newsletter's two stories stack.
  await page.locator('header label').filter({ hasText: 'Mobile' }).click();
  await expect(canvas(page)).toHaveAttribute('data-view', 'mobile');
  const first = await canvas(page).getByText('Behind the scenes').boundingBox();
  const second = await canvas(page).getByText('Customer of the month').boundingBox();
  expect((second?.y ?? 0) > (first?.y ?? 0) + (first?.height ?? 0)).toBe(true);
  await shot(page, 'email-editor-mobile');
  await page.locator('header label').filter({ hasText: 'Desktop' }).click();

  // The e-mail's own settings (no Page panel): a click beside the e-mail opens them in Properties.
  const frame = await canvas(page).boundingBox();
  if (!frame) throw new Error('canvas');
  await page.mouse.click(frame.x + 8, frame.y + 8);
  await expect(page.getByTestId('properties-title')).toHaveText('E-mail settings');
  await expect(page).toHaveURL(/\/properties$/);

  // "unloading warns 'Save the result before refreshing the page'" while changes are unsaved.
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  expect((await dialog).type()).toBe('beforeunload');
});

test("a receipt's design (Settings → Store e-mails → Edit design) opens in the e-mail editor and goes back there", async ({
  page,
}) => {
  await signedUpMerchant(page, 'Jon');
  await page.goto('/settings/store-emails');
  const card = page.getByRole('region', { name: 'Order confirmation' });
  await card.getByRole('button', { name: 'Edit design' }).click();
  await expect(page).toHaveURL(/\/email-editor\/global\/0\/\d+\/\d+$/);
  await expect(canvas(page).locator('[data-node-type]').first()).toBeVisible();
  await shot(page, 'email-editor-receipt');
  await page.getByRole('link', { name: 'Go back to store e-mails' }).click();
  await expect(page).toHaveURL(/\/settings\/store-emails$/);
});

test("the preview is filled from one of the demo's real orders: its number and customer instead of the fallbacks", async ({
  page,
}) => {
  await openAsDemo(page, '/automations');
  const user = await page.evaluate(
    () => JSON.parse(localStorage.getItem('fw.user') ?? '{}') as { id: number },
  );
  const { id } = await api(page).call(endpoints.emailTemplates.createUserEmailTemplatesFromShared, {
    params: { userId: user.id },
    body: {
      data: {
        shared_id: 'thank-you',
        name: 'Order confirmation preview',
      },
    },
  });
  const [latest] = await api(page).call(endpoints.orders.listOrders, {
    query: { per_page: 1, archived: 'all' },
  });
  if (!latest) throw new Error('the demo has no orders');

  await page.goto(`/email-editor/global/0/${user.id}/${id}/preview`);
  const preview = page.frameLocator('[data-testid="email-preview"]');
  // First the fallbacks: "Hi {{first_name|there}}".
  await expect(preview.getByText('Hi there, we have received your order')).toBeVisible();

  // "Fill from an order": the latest orders, searchable by number.
  const picker = page.getByRole('combobox', { name: 'Fill from an order' });
  await picker.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await picker.fill(latest.order_number);
  const option = page.getByRole('option', { name: new RegExp(`^#${latest.order_number} · `) });
  await option.click();
  await expect(page.getByTestId('email-preview')).toHaveAttribute('data-order-number', latest.order_number);
  await expect(page.getByTestId('email-preview')).toHaveAttribute('sandbox', '');
  await expect(preview.getByText(latest.order_number, { exact: true })).toBeVisible();
  if (latest.first_name !== '') {
    await expect(preview.getByText(`Hi ${latest.first_name}, we have received your order`)).toBeVisible();
  }
  await expect(page.getByTestId('email-preview-source')).toHaveText(
    `Order #${latest.order_number}'s e-mail, as it is sent`,
  );
  await page.screenshot({ path: '/tmp/email-preview-filled.png' });
  await shot(page, 'email-preview-filled-from-order');

  // Cleared: the fallbacks again.
  await page.getByRole('button', { name: 'Show the fallbacks' }).click();
  await expect(page.getByTestId('email-preview')).not.toHaveAttribute('data-order-number', /./);
  await expect(preview.getByText('Hi there, we have received your order')).toBeVisible();
});

test('each save of an e-mail is a version: the merchant previews an older one and restores it', async ({
  page,
}) => {
  const { userId } = await signedUpMerchant(page, 'Vera');
  await page.goto(`/email-editor/wfunnel/5/7/${userId}/new`);
  await page
    .getByRole('dialog', { name: 'Start from a shared template' })
    .getByRole('button', { name: 'Start from scratch' })
    .click();
  const sections = canvas(page).locator('[data-node-type="section"]');
  await canvas(page).getByRole('button', { name: 'Add section' }).click();
  await expect(sections).toHaveCount(1);
  await page.getByLabel('Template title').fill('Versioned');
  await saveButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/email-editor/wfunnel/5/7/${userId}/\\d+$`));
  await expect(saveButton(page)).toBeDisabled();
  // A second section from the palette's Layout group (the canvas offers 'Add section' only when empty).
  await page.getByRole('button', { name: 'Add Section', exact: true }).click();
  await expect(sections).toHaveCount(2);
  await saveButton(page).click();
  await expect(saveButton(page)).toBeDisabled();

  await page
    .getByRole('navigation', { name: 'Editor panels' })
    .getByRole('button', { name: 'Versions' })
    .click();
  const versions = page.getByTestId('email-version');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('Sent now');
  await expect(versions.first()).toContainText('Vera');
  await expect(versions.first().getByRole('button', { name: 'Restore' })).toBeDisabled();

  await versions.nth(1).getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog');
  await expect(preview.locator('iframe')).toHaveAttribute('sandbox', '');
  await shot(page, 'email-version-preview');
  await page.keyboard.press('Escape');

  await versions.nth(1).getByRole('button', { name: 'Restore' }).click();
  const confirm = page.getByRole('dialog', { name: 'Restore this version' });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('The version is restored: automations send it from now on.')).toBeVisible();
  await expect(sections).toHaveCount(1);
  await expect(saveButton(page)).toBeDisabled();
  await expect(versions).toHaveCount(3);
  await shot(page, 'email-versions-restored');
  // What is stored is the restored design.
  await page.reload();
  await expect(sections).toHaveCount(1);
});
