import { generateKeyPairSync } from 'node:crypto';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMailSettings } from '../../db/schema/index.ts';
import { signUpOwner, type TestApp, uniqueEmail, waitFor } from '../../test/harness.ts';
import { type SmtpPeer, startSmtpApp, stopSmtpApp } from '../../test/smtp.ts';
import { emailWithParagraphs } from '../email-templates/email-templates.fixtures.ts';
import { apiClient, memberOf } from '../funnels/funnels.fixtures.ts';

let smtp: SmtpPeer;
let t: TestApp;
beforeAll(async () => {
  ({ t, smtp } = await startSmtpApp());
});
afterAll(() => stopSmtpApp({ t, smtp }));

const pem = () =>
  generateKeyPairSync('rsa', { modulusLength: 1024 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();

describe('"DKIM signing when the account configures a key; the sender name and reply-to per account"', () => {
  it("sends the account's e-mail from its name and address, with its reply-to, DKIM-signed for its domain", async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const key = pem();
    const saved = await api.put('mail-settings', {
      from_name: 'Olive Oils',
      from_email: 'Shop@Olive.example',
      reply_to: 'help@olive.example',
      dkim_domain: 'olive.example',
      dkim_selector: 'fw1',
      dkim_private_key: key,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      from_name: 'Olive Oils',
      from_email: 'shop@olive.example',
      reply_to: 'help@olive.example',
      dkim_domain: 'olive.example',
      dkim_selector: 'fw1',
      dkim_configured: true,
    });
    expect(saved.body).not.toContain('PRIVATE KEY');
    // Sealed at rest: the stored text is not the key.
    const [row] = await t.database.db
      .select()
      .from(accountMailSettings)
      .where(eq(accountMailSettings.accountId, owner.accountId));
    expect(row?.dkimKeySealed).toMatch(/^v1\./);
    expect(row?.dkimKeySealed).not.toContain('PRIVATE');

    const template = await api.post(`users/${owner.userId}/email-templates`, {
      name: 'Signed',
      config: JSON.stringify(emailWithParagraphs('Hello')),
    });
    const recipient = uniqueEmail('dkim');
    const sent = await api.post('email-templates/send-test', {
      recipient,
      email_template_id: template.json().data.id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const message = await waitFor(() => smtp.received.find((m) => m.to.includes(recipient)));
    const headers = message.raw.slice(0, message.raw.indexOf('\r\n\r\n')).replace(/\r\n\s+/g, ' ');
    expect(headers).toContain('From: Olive Oils <shop@olive.example>');
    expect(headers).toContain('Reply-To: help@olive.example');
    expect(headers).toMatch(
      /DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=olive\.example; q=dns\/txt; s=fw1;/,
    );
  });

  it('refuses a bad key, half a DKIM setup, a sender outside the DKIM domain and bad addresses, naming the field', async () => {
    const owner = await signUpOwner(t.app);
    const api = apiClient(t.app, owner.auth);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { dkim_domain: 'a.example', dkim_selector: 'fw1', dkim_private_key: 'not a key' },
        'data.dkim_private_key',
      ],
      [{ dkim_domain: 'a.example', dkim_private_key: pem() }, 'data.dkim_selector'],
      [
        {
          dkim_domain: 'a.example',
          dkim_selector: 'fw1',
          dkim_private_key: pem(),
          from_email: 'x@b.example',
        },
        'data.from_email',
      ],
      [{ reply_to: 'nobody' }, 'data.reply_to'],
      [{ from_name: 'Evil\r\nBcc: x@y.z' }, 'data.from_name'],
      [{ dkim_domain: 'not a domain' }, 'data.dkim_domain'],
    ];
    for (const [data, field] of cases) {
      const res = await api.put('mail-settings', data);
      expect(res.statusCode, JSON.stringify(data)).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    // Nothing was kept.
    expect((await api.get('mail-settings')).json().data).toMatchObject({
      dkim_configured: false,
      reply_to: '',
    });
  });

  it('is changed by admins only', async () => {
    const owner = await signUpOwner(t.app);
    const member = await memberOf(t, owner, { automations: true });
    const res = await apiClient(t.app, member.auth).put('mail-settings', { from_name: 'X' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    expect((await apiClient(t.app, member.auth).get('mail-settings')).statusCode).toBe(200);
  });
});
