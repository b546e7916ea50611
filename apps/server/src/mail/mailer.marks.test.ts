// Issue 35 item 20: "a message is marked sent one UPDATE at a time after the server accepts it", so a
// restart burst re-sent up to 9 of 100 messages. The marks go on a connection of their own
// (`Database.marks`), and the replies that arrive while one mark is being written share the next UPDATE.
import { compileEmail } from '@funnelwork/blocks/email';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mailMessages } from '../db/schema/index.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import { emailWithParagraphs } from '../modules/email-templates/email-templates.fixtures.ts';
import { createTestDatabase, type TestDatabase, uniqueEmail, waitFor } from '../test/harness.ts';
import { type SmtpPeer, startSmtpPeer } from '../test/smtp.ts';
import { createMailer, type Mailer, MESSAGES_PER_JOB } from './mailer.ts';

let database: TestDatabase;
let queue: JobQueue;
let smtp: SmtpPeer;
let mailer: Mailer;
/** UPDATEs on the marks connection. */
let markUpdates = 0;

/**
 * The marks connection, counting its UPDATEs and holding each a second, as a busy database would: the
 * server's replies that arrive meanwhile must wait for the next UPDATE, not each make their own.
 */
function slowCountingMarks(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'update') return Reflect.get(target, property, receiver);
      return (table: Parameters<Db['update']>[0]) => {
        markUpdates++;
        const builder = target.update(table);
        return {
          set: (values: Parameters<typeof builder.set>[0]) => {
            const set = builder.set(values);
            return {
              where: async (where: Parameters<typeof set.where>[0]) => {
                await new Promise((resolve) => setTimeout(resolve, 1000));
                return set.where(where);
              },
            };
          },
        };
      };
    },
  });
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  database = await createTestDatabase();
  const config = testConfig({ smtpUrl: smtp.url });
  queue = createJobQueue(database, { pollingIntervalSeconds: 0.5 });
  mailer = createMailer({ db: database.db, marksDb: slowCountingMarks(database.marks), config, queue });
  await queue.start();
});
afterAll(async () => {
  mailer?.close();
  await queue?.stop();
  await database?.drop();
  await smtp?.close();
});

it('marks a burst of accepted messages sent on the marks connection, many to an UPDATE', async () => {
  const compiled = await compileEmail(emailWithParagraphs('Hello {{first_name|there}}'));
  const recipients = Array.from({ length: MESSAGES_PER_JOB }, (_, i) => ({
    to: uniqueEmail(`burst${i}`),
    values: { first_name: `Reader ${i}` },
  }));
  const { ids } = await mailer.sendMany({ subject: 'A burst', compiled, recipients });
  await waitFor(async () => {
    const rows = await database.db
      .select({ status: mailMessages.status })
      .from(mailMessages)
      .where(inArray(mailMessages.id, ids));
    return rows.every((row) => row.status === 'sent') ? rows : undefined;
  }, 30_000);
  expect(smtp.received.filter((m) => recipients.some((r) => m.to.includes(r.to)))).toHaveLength(
    recipients.length,
  );
  // One UPDATE for the first reply; the replies that come while one is held share the next: with each
  // held a second, fewer than half as many UPDATEs as messages unless the burst took 10 s.
  expect(markUpdates).toBeGreaterThanOrEqual(1);
  expect(markUpdates).toBeLessThan(MESSAGES_PER_JOB / 2);
});
