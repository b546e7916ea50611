import { TEST_RECIPIENT_INVALID } from '@funnelwork/domain';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOwner, type TestApp, uniqueEmail, waitFor } from '../../test/harness.ts';
import { partOf, type SmtpPeer, startSmtpApp, stopSmtpApp } from '../../test/smtp.ts';
import { type ApiClient, apiClient, memberOf } from '../funnels/funnels.fixtures.ts';
import { emailWithParagraphs } from './email-templates.fixtures.ts';

let smtp: SmtpPeer;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  ({ t, smtp } = await startSmtpApp());
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => stopSmtpApp({ t, smtp }));

const createTemplate = async (client: ApiClient, userId: number, name: string) => {
  const config = JSON.stringify(
    emailWithParagraphs('Hello {{first_name|there}}, order {{order_number|not placed yet}}'),
  );
  const created = await client.post(`users/${userId}/email-templates`, { name, config });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
};

describe('"Send test email: operation with code 1016, payload recipient and email_template_id; reads success"', () => {
  it("sends the template personalised with the member's first name, as HTML and plain text, subject = its name", async () => {
    const id = await createTemplate(api, owner.userId, 'Spring welcome');
    const recipient = uniqueEmail('test-recipient');
    const res = await api.post('email-templates/send-test', { recipient, email_template_id: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });

    const message = await waitFor(() => smtp.received.find((m) => m.to.includes(recipient)));
    expect(message.raw).toContain('Subject: Spring welcome');
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative;/);
    const text = partOf(message.raw, 'text/plain');
    const html = partOf(message.raw, 'text/html');
    // "Olive" is the signed-in member's first name; a tag without a sample value takes its fallback.
    for (const part of [text, html]) {
      expect(part).toContain('Hello Olive, order not placed yet');
      expect(part).not.toContain('{{');
    }
    expect(html).toContain('<table');
  });

  it(`refuses a recipient that is not an e-mail address with a 400 naming it ('${TEST_RECIPIENT_INVALID}')`, async () => {
    const id = await createTemplate(api, owner.userId, 'Bad recipient');
    for (const recipient of ['not-an-email', '', 'a@', 'two@x.com, three@y.com']) {
      const res = await api.post('email-templates/send-test', { recipient, email_template_id: id });
      expect(res.statusCode, recipient).toBe(400);
      expect(res.json().error.field).toBe('data.recipient');
      expect(res.json().error.message).toBe(`data.recipient: ${TEST_RECIPIENT_INVALID}`);
    }
  });

  it("answers 404 for another account's template and sends nothing", async () => {
    const stranger = await signUpOwner(t.app);
    const theirs = await createTemplate(apiClient(t.app, stranger.auth), stranger.userId, 'Theirs');
    const recipient = uniqueEmail('not-sent');
    const res = await api.post('email-templates/send-test', { recipient, email_template_id: theirs });
    expect(res.statusCode).toBe(404);
    // Another send to a known address proves the queue ran past where the first would have been.
    const id = await createTemplate(api, owner.userId, 'Marker');
    const marker = uniqueEmail('marker');
    await api.post('email-templates/send-test', { recipient: marker, email_template_id: id });
    await waitFor(() => smtp.received.find((m) => m.to.includes(marker)));
    expect(smtp.received.some((m) => m.to.includes(recipient))).toBe(false);
  });

  it("answers 403 'restricted area: access denied' without the automations permission", async () => {
    const id = await createTemplate(api, owner.userId, 'Locked');
    const member = await memberOf(t, owner, { funnels: true });
    const res = await member.api.post('email-templates/send-test', {
      recipient: uniqueEmail('denied'),
      email_template_id: id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
  });
});
