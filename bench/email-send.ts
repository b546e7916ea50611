// Issue 20 "Speed": a 40-block template compiled once, personalised and sent to 10,000 recipients
// through a local SMTP peer by the real mail job, with the compile time, the per-recipient time and
// the send rate side by side, two ways: as a broadcast (`sendMany`: the body stored once) and one
// message at a time as automations and receipts send (personalised, recorded and its job enqueued in
// one transaction each). `npm run bench -- email-send` (EMAIL_SEND_BENCH_RECIPIENTS to scale).
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { testConfig } from '../apps/server/src/config.ts';
import { createDatabase, type Db } from '../apps/server/src/db/client.ts';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';
import { createMailer, type Mailer } from '../apps/server/src/mail/mailer.ts';
import type { BlockType } from '../packages/blocks/src/catalogue/registry.ts';
import { emailWithBlocks } from '../packages/blocks/src/render/email/email-documents.ts';
import {
  type CompiledEmail,
  compileEmail,
  personaliseEmail,
} from '../packages/blocks/src/render/email/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const RECIPIENTS = Number(process.env.EMAIL_SEND_BENCH_RECIPIENTS ?? 10_000);
const GOAL_PER_S = 200;
/** Messages recorded side by side in the per-message phase (automation steps run on several workers). */
const PRODUCERS = 8;
const MIX: BlockType[] = [
  'headline',
  'paragraph',
  'image',
  'button',
  'spacer',
  'paragraph',
  'link',
  'social',
];

/** The SMTP peer in a child process (smtp-peer.mjs): the server's CPU is not the sender's. */
async function smtpPeer() {
  const child = fork(path.join(here, 'smtp-peer.mjs'), { stdio: 'inherit' });
  let received = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: { port?: number; received?: number }) => {
      if (message.port !== undefined) resolve(message.port);
      if (message.received !== undefined) received = message.received;
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

export async function runEmailSend() {
  const types = Array.from({ length: 40 }, (_, i) => MIX[i % MIX.length] as BlockType);
  const { document, ids } = emailWithBlocks(types);
  for (const [index, id] of ids.entries()) {
    const block = document.children[id];
    if (block && (block.type === 'paragraph' || block.type === 'headline')) {
      block.content = `Hi {{first_name|there}}, order {{order_number}} — part ${index}`;
    }
  }
  let start = performance.now();
  const compiled = await compileEmail(document);
  const compileMs = performance.now() - start;

  const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({
    email: `reader-${i}@bench.example`,
    first_name: `Reader${i}`,
    order_number: 1000 + i,
  }));
  // What each delivery does to the stored body (the mail job personalises when it sends).
  start = performance.now();
  for (const r of recipients) personaliseEmail(compiled, r);
  const personaliseUs = ((performance.now() - start) * 1000) / RECIPIENTS;

  const peer = await smtpPeer();
  const database = await createDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate();
  const config = testConfig({ smtpUrl: peer.url });
  const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5 });
  const mailer = createMailer({ db: database.db, config, queue });
  await queue.start();

  const timed = async (send: () => Promise<void>, expected: number) => {
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    await send();
    const recordS = (performance.now() - began) / 1000;
    while (peer.received() < expected) await new Promise((r) => setTimeout(r, 20));
    const totalS = (performance.now() - began) / 1000;
    // The sender's CPU (main thread and the PGlite worker; the SMTP peer is another process) per e-mail:
    // what the rate would be with a core to itself, whatever else the machine runs.
    const cpu = process.cpuUsage(cpuBefore);
    const cpuS = (cpu.user + cpu.system) / 1e6;
    return { recordS, totalS, cpuMsPerEmail: (cpuS * 1000) / RECIPIENTS, cpuShare: cpuS / totalS };
  };
  const broadcast = await timed(async () => {
    await mailer.sendMany({
      subject: 'Bench',
      compiled,
      recipients: recipients.map(({ email, ...values }) => ({ to: email, values })),
    });
  }, RECIPIENTS);
  const oneByOne = await timed(() => sendOneByOne(database.db, mailer, compiled, recipients), 2 * RECIPIENTS);
  await queue.stop();
  mailer.close();
  await database.close();
  await peer.close();

  const phase = (p: typeof broadcast) => ({
    record_s: Number(p.recordS.toFixed(2)),
    total_s: Number(p.totalS.toFixed(2)),
    emails_per_s: Number((RECIPIENTS / p.totalS).toFixed(1)),
    cpu_ms_per_email: Number(p.cpuMsPerEmail.toFixed(2)),
    cpu_share: Number(p.cpuShare.toFixed(2)),
    met: RECIPIENTS / p.totalS >= GOAL_PER_S,
  });
  const result = {
    benchmark: 'email-send',
    recipients: RECIPIENTS,
    blocks: 40,
    compile_ms: Number(compileMs.toFixed(1)),
    personalise_us_per_recipient: Number(personaliseUs.toFixed(2)),
    html_kb: Number((compiled.html.parts.join('').length / 1024).toFixed(1)),
    broadcast: phase(broadcast),
    one_by_one: phase(oneByOne),
    load_average_1m: Number(os.loadavg()[0]?.toFixed(1)),
    goal_per_s: GOAL_PER_S,
    met: RECIPIENTS / broadcast.totalS >= GOAL_PER_S && RECIPIENTS / oneByOne.totalS >= GOAL_PER_S,
  };
  const row = (f: (p: ReturnType<typeof phase>) => unknown) => ({
    broadcast: f(result.broadcast),
    'one by one (automations, receipts)': f(result.one_by_one),
  });
  console.log(
    `compile once: ${result.compile_ms} ms; personalise per recipient: ${result.personalise_us_per_recipient} µs`,
  );
  console.table({
    'recorded and enqueued (s)': row((p) => p.record_s),
    'all delivered to the SMTP peer (s)': row((p) => p.total_s),
    'sender CPU per e-mail (ms)': row((p) => p.cpu_ms_per_email),
    'CPU the sender got (cores)': row((p) => p.cpu_share),
    'e-mails per second (goal ≥ 200)': row((p) => `${p.emails_per_s} — ${p.met ? 'met' : 'not met'}`),
  });
  console.log(`load average (1 min): ${result.load_average_1m}`);
  return result;
}

/**
 * Each recipient's e-mail as an automation step or a receipt sends it: the compiled version's stored
 * body and the recipient's values recorded with its job in one transaction (`record` + `deliverIn`),
 * personalised when delivered, the workers woken after the commit; PRODUCERS at a time.
 */
async function sendOneByOne(
  db: Db,
  mailer: Mailer,
  compiled: CompiledEmail,
  recipients: Array<{ email: string; first_name: string; order_number: number }>,
) {
  let next = 0;
  const producer = async () => {
    while (next < recipients.length) {
      const { email, ...values } = recipients[next++] as (typeof recipients)[number];
      // As the engine and receipts: the version's stored body (written once), the message its values.
      const body = await mailer.bodyOf(null, compiled);
      await db.transaction(async (tx) => {
        const message = await mailer.record(tx, {
          to: email,
          subject: 'Bench',
          text: '',
          body: { id: body, values },
        });
        await mailer.deliverIn(tx, message.id, { lane: 'automation' });
      });
      mailer.wake('automation');
    }
  };
  await Promise.all(Array.from({ length: PRODUCERS }, producer));
}
