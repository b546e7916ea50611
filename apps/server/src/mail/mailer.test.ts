import { compileEmail } from '@funnelwork/blocks/email';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailBodies, mailMessages } from '../db/schema/index.ts';
import { emailWithParagraphs } from '../modules/email-templates/email-templates.fixtures.ts';
import { apiClient } from '../modules/funnels/funnels.fixtures.ts';
import { signUpOwner, type TestApp, uniqueEmail, waitFor } from '../test/harness.ts';
import { partOf, type SmtpPeer, startSmtpApp, stopSmtpApp } from '../test/smtp.ts';
import { MESSAGES_PER_JOB } from './mailer.ts';

let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  ({ t, smtp } = await startSmtpApp());
});
afterAll(() => stopSmtpApp({ t, smtp }));

describe('mail through SMTP_URL', () => {
  it('delivers the password reset code through a real SMTP peer and marks it sent', async () => {
    const owner = await signUpOwner(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/request-password-reset',
      payload: { data: { email: owner.email } },
    });
    const message = await waitFor(() => smtp.received.find((m) => m.to.includes(owner.email)));
    expect(message.raw).toContain('Subject: Your Funnelwork password reset code');
    expect(partOf(message.raw, 'text/plain')).toMatch(/Your password reset code is \d{6}/);
    const [row] = await waitFor(async () => {
      const rows = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, owner.email));
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(row?.status).toBe('sent');
  });

  it('retries a delivery the SMTP server refused and delivers it once', async () => {
    const owner = await signUpOwner(t.app);
    smtp.refuseNext(1);
    await t.app.inject({
      method: 'POST',
      url: '/api/request-password-reset',
      payload: { data: { email: owner.email } },
    });
    await waitFor(() => smtp.received.find((m) => m.to.includes(owner.email)), 60_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
  });
});

describe('"MJML compilation happens once per saved template version, not per recipient": bulk sends', () => {
  it('stores the compiled body once and per recipient only the merge values; each copy is personalised', async () => {
    const compiled = await compileEmail(
      emailWithParagraphs('Hi {{first_name|there}}, order {{order_number}}'),
    );
    const recipients: { to: string; values: Record<string, string | number> }[] = Array.from(
      { length: MESSAGES_PER_JOB + 5 },
      (_, i) => ({
        to: uniqueEmail(`bulk${i}`),
        values: { first_name: `Reader <${i}>`, order_number: 1000 + i },
      }),
    );
    recipients[1] = { to: recipients[1]?.to as string, values: { order_number: 1001 } };
    const { ids } = await t.app.services.mailer.sendMany({ subject: 'Spring news', compiled, recipients });
    expect(ids).toHaveLength(recipients.length);

    const rows = await t.database.db.select().from(mailMessages).where(inArray(mailMessages.id, ids));
    expect(new Set(rows.map((row) => row.bodyId)).size).toBe(1);
    expect(rows.every((row) => row.html === null && row.text === '')).toBe(true);
    const [body] = await t.database.db
      .select()
      .from(mailBodies)
      .where(eq(mailBodies.id, rows[0]?.bodyId as number));
    expect(body?.compiled).toEqual(compiled);

    const all = await waitFor(() => {
      const got = smtp.received.filter((m) => recipients.some((r) => m.to.includes(r.to)));
      return got.length === recipients.length ? got : undefined;
    }, 30_000);
    const copyTo = (index: number) => all.find((m) => m.to.includes(recipients[index]?.to as string));
    // Values are HTML-escaped in the HTML part, plain in the text part; a missing one takes its fallback.
    expect(partOf(copyTo(0)?.raw as string, 'text/html')).toContain('Hi Reader &lt;0&gt;, order 1000');
    expect(partOf(copyTo(0)?.raw as string, 'text/plain')).toContain('Hi Reader <0>, order 1000');
    expect(partOf(copyTo(1)?.raw as string, 'text/html')).toContain('Hi there, order 1001');
    // The last copy, in the second mail job.
    const last = recipients.length - 1;
    expect(partOf(copyTo(last)?.raw as string, 'text/html')).toContain(
      `Hi Reader &lt;${last}&gt;, order ${1000 + last}`,
    );
    await waitFor(async () => {
      const sent = await t.database.db
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(inArray(mailMessages.id, ids));
      const statuses = await t.database.db
        .select({ status: mailMessages.status })
        .from(mailMessages)
        .where(
          inArray(
            mailMessages.id,
            sent.map((s) => s.id),
          ),
        );
      return statuses.every((s) => s.status === 'sent') || undefined;
    });
  });

  it('a refused copy in a bulk job is retried alone: every recipient gets exactly one', async () => {
    const compiled = await compileEmail(emailWithParagraphs('Hello {{first_name}}'));
    const recipients = Array.from({ length: 12 }, (_, i) => ({
      to: uniqueEmail(`retry${i}`),
      values: { first_name: `R${i}` },
    }));
    smtp.refuseNext(2);
    const { ids } = await t.app.services.mailer.sendMany({ subject: 'Retry', compiled, recipients });
    await waitFor(async () => {
      const rows = await t.database.db
        .select({ status: mailMessages.status })
        .from(mailMessages)
        .where(inArray(mailMessages.id, ids));
      return rows.every((row) => row.status === 'sent') || undefined;
    }, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    for (const recipient of recipients) {
      expect(smtp.received.filter((m) => m.to.includes(recipient.to))).toHaveLength(1);
    }
  });

  it('the Mailbox lists a bulk copy with its text and opens it with its HTML part', async () => {
    const owner = await signUpOwner(t.app);
    const compiled = await compileEmail(emailWithParagraphs('Dear {{first_name|friend}}, see you'));
    const to = uniqueEmail('mailbox-bulk');
    const { ids } = await t.app.services.mailer.sendMany({
      subject: 'Bulk to the Mailbox',
      compiled,
      accountId: owner.accountId,
      recipients: [{ to, values: { first_name: 'Ada' } }],
    });
    const api = apiClient(t.app, owner.auth);
    const list = await api.get('mailbox');
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.find((m: { id: number }) => m.id === ids[0]);
    expect(listed.text).toContain('Dear Ada, see you');
    const opened = await api.get(`mailbox/${ids[0]}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.html).toContain('Dear Ada, see you');
    expect(opened.json().data.html).toMatch(/^<!doctype html>/i);
    // Another account's member cannot open it.
    const stranger = await signUpOwner(t.app);
    const denied = await apiClient(t.app, stranger.auth).get(`mailbox/${ids[0]}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().error.message).toBe('Message not found');
  });
});
