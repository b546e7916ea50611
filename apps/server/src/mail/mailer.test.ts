import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp, waitFor } from '../test/harness.ts';

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;
let failNext = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failNext > 0) {
          failNext--;
          return callback(new Error('451 try again later'));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` }, startQueue: true });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail through SMTP_URL', () => {
  it('delivers the password reset code through a real SMTP peer and marks it sent', async () => {
    const owner = await signUpOwner(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/request-password-reset',
      payload: { data: { email: owner.email } },
    });
    const message = await waitFor(() => received.find((m) => m.to.includes(owner.email)));
    expect(message.raw).toContain('Subject: Your Funnelwork password reset code');
    expect(message.raw).toMatch(/Your password reset code is \d{6}/);
    const [row] = await waitFor(async () => {
      const rows = await t.database.db.select().from(mailMessages).where(eq(mailMessages.to, owner.email));
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(row?.status).toBe('sent');
  });

  it('retries a delivery the SMTP server refused and delivers it once', async () => {
    const owner = await signUpOwner(t.app);
    failNext = 1;
    await t.app.inject({
      method: 'POST',
      url: '/api/request-password-reset',
      payload: { data: { email: owner.email } },
    });
    await waitFor(() => received.find((m) => m.to.includes(owner.email)), 60_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
  });
});
