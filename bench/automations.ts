// Issue 16 "Speed": 1,000 purchases in one minute through the published checkout, each triggering a
// three-step automation (e-mail, condition, e-mail): every e-mail handed to the local SMTP peer exactly
// once, p50 and p99 from purchase to the first e-mail, and checkout p99 with the automation on vs the same
// load with none, in one run (goal ≤ 1.2×). `npm run bench -- automations` (AUTOMATIONS_BENCH_PURCHASES
// and AUTOMATIONS_BENCH_SECONDS to scale; TEST_DATABASE=postgres with DATABASE_URL for PostgreSQL).
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.ts';
import { emailWithParagraphs } from '../apps/server/src/modules/email-templates/email-templates.fixtures.ts';
import { buyMain, shopWithFunnel } from '../apps/server/src/runtime/checkout/checkout.fixtures.ts';
import { createTestApp, testDatabaseKind } from '../apps/server/src/test/harness.ts';
import { unlimitedPlan } from './bench-database.ts';
import { forkJobsProcess, splitRequested } from './split-deployment.ts';
import { percentile, round } from './stats.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const PURCHASES = Number(process.env.AUTOMATIONS_BENCH_PURCHASES ?? 1000);
const SECONDS = Number(process.env.AUTOMATIONS_BENCH_SECONDS ?? 60);
const GOAL_RATIO = 1.2;

/**
 * The local SMTP peer in a process of its own (smtp-peer.mjs --record), as a real mail server is: its
 * parsing is not the app's CPU. It reports each message's recipient, subject and arrival time.
 */
async function smtpPeer() {
  const child = fork(path.join(here, 'smtp-peer.mjs'), ['--record'], { stdio: 'inherit' });
  const received: Array<{ to: string; subject: string; at: number }> = [];
  type Report = { port?: number; messages?: typeof received };
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.on('message', (message: Report) => {
      if (message.port !== undefined) resolve(message.port);
      if (message.messages) received.push(...message.messages);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('close');
      }),
  };
}

export async function runAutomations() {
  const peer = await smtpPeer();
  // BENCH_PROCESSES=2: this app serves the checkouts and a jobs process runs the automations and e-mails.
  const split = splitRequested(testDatabaseKind);
  const t = await createTestApp({
    startQueue: true,
    config: { smtpUrl: peer.url, ...(split && { processRole: 'web' as const }) },
  });
  const jobs = split ? await forkJobsProcess(t, { smtpUrl: peer.url }) : null;
  const shop = await shopWithFunnel(t);
  // 3,000 purchases send 3,000 receipts and 2,000 automation e-mails: past a trial's 2,000 e-mails a
  // month (issue 18's limits), so the shop is on the Unlimited plan (100,000 a month), as such a store would be.
  await unlimitedPlan(t.database, shop.owner.accountId);

  /** `PURCHASES` checkouts open-loop, evenly over `SECONDS`: each one's start time by e-mail, latencies sorted. */
  async function purchases(tag: string) {
    const startedAt = new Map<string, number>();
    const latencies: number[] = [];
    const begin = performance.now();
    // The event loop's delay in this phase: how long a ready callback (a checkout's next step) waited.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < PURCHASES; i++) {
      const due = begin + (i * SECONDS * 1000) / PURCHASES;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const email = `${tag}-${i}@bench.example`;
      startedAt.set(email, Date.now());
      const started = performance.now();
      pending.push(
        buyMain(t.app, shop, { email, first_name: 'Ben' }).then((res) => {
          latencies.push(performance.now() - started);
          if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.body}`);
        }),
      );
    }
    await Promise.all(pending);
    loop.disable();
    return {
      loopDelayP99Ms: loop.percentile(99) / 1e6,
      loopDelayMaxMs: loop.max / 1e6,
      startedAt,
      latencies: latencies.sort((a, b) => a - b),
      seconds: (performance.now() - begin) / 1000,
    };
  }

  // Warm-up, then the same load with no automation.
  await purchases('warm');
  const without = await purchases('plain');

  const template = async (text: string) => {
    const res = await shop.api.post(`users/${shop.owner.userId}/email-templates`, {
      name: text,
      config: JSON.stringify(emailWithParagraphs(`${text}, {{first_name}}`)),
    });
    if (res.statusCode !== 201) throw new Error(`template: ${res.body}`);
    return res.json().data.id as number;
  };
  const first = await template('Thanks for your order');
  const second = await template('Your course starts now');
  const created = await shop.api.post('automations', {
    name: 'Three steps',
    trigger: { id: 'purchase' },
    steps: [
      { type: 'send_email', email_template_id: first, to: 'customer', subject: 'Bench first' },
      {
        type: 'condition',
        match: 'all',
        conditions: [{ key: 'customer_email', operand: 'LIKE', value: '@bench.example' }],
        yes: [{ type: 'send_email', email_template_id: second, to: 'customer', subject: 'Bench second' }],
        no: [],
      },
    ],
  });
  if (created.statusCode !== 201) throw new Error(`automation: ${created.body}`);
  const activated = await shop.api.post(`automations/${created.json().data.id}/activate`, {});
  if (activated.statusCode !== 200) throw new Error(`activate: ${activated.body}`);

  const withAutomation = await purchases('auto');
  const expected = PURCHASES * 2;
  const ours = () => peer.received.filter((m) => m.subject.startsWith('Bench ') && m.to.startsWith('auto-'));
  const deadline = Date.now() + 10 * 60_000;
  while (ours().length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const allSentS = (Date.now() - Math.min(...withAutomation.startedAt.values())) / 1000;
  if (ours().length < expected) {
    const runs = await t.database.db.execute(
      sql`select r.status, s.error, count(*)::int as n from automation_runs r left join automation_run_steps s on s.run_id = r.id group by 1, 2`,
    );
    console.error(
      'not all e-mails arrived; runs:',
      JSON.stringify(rowsOf(runs)),
      'peer saw',
      peer.received.slice(0, 3),
    );
  }
  await new Promise((r) => setTimeout(r, 3000)); // late duplicates would show up here
  const counts = new Map<string, number>();
  for (const m of ours()) counts.set(`${m.to} ${m.subject}`, (counts.get(`${m.to} ${m.subject}`) ?? 0) + 1);
  const duplicates = [...counts.values()].filter((n) => n > 1).length;
  const missing = expected - counts.size;
  const firstLags = ours()
    .filter((m) => m.subject === 'Bench first')
    .map((m) => m.at - (withAutomation.startedAt.get(m.to) ?? m.at))
    .sort((a, b) => a - b);
  await jobs?.close();
  await t.close();
  await peer.close();

  const p99Without = percentile(without.latencies, 0.99);
  const p99With = percentile(withAutomation.latencies, 0.99);
  const ratio = p99With / p99Without;
  const result = {
    benchmark: 'automations',
    database: testDatabaseKind,
    processes: split ? 'web + jobs' : 'one',
    jobs_pool_max: jobs?.poolMax ?? null,
    purchases_per_phase: PURCHASES,
    phase_seconds: SECONDS,
    emails_expected: expected,
    emails_once: counts.size - duplicates,
    emails_more_than_once: duplicates,
    emails_missing: missing,
    all_sent_after_s: round(allSentS),
    first_email_p50_ms: round(percentile(firstLags, 0.5)),
    first_email_p99_ms: round(percentile(firstLags, 0.99)),
    checkout_p50_ms_without: round(percentile(without.latencies, 0.5)),
    checkout_p99_ms_without: round(p99Without),
    checkout_p50_ms_with: round(percentile(withAutomation.latencies, 0.5)),
    checkout_p99_ms_with: round(p99With),
    checkout_p99_ratio: Number(ratio.toFixed(2)),
    event_loop_delay_p99_ms_without: round(without.loopDelayP99Ms),
    event_loop_delay_p99_ms_with: round(withAutomation.loopDelayP99Ms),
    event_loop_delay_max_ms_without: round(without.loopDelayMaxMs),
    event_loop_delay_max_ms_with: round(withAutomation.loopDelayMaxMs),
    load_average_1m: Number(os.loadavg()[0]?.toFixed(1)),
    goal_ratio: GOAL_RATIO,
    exactly_once: missing === 0 && duplicates === 0,
    met: missing === 0 && duplicates === 0 && ratio <= GOAL_RATIO,
  };
  console.table({
    'e-mails handed to the SMTP peer once': `${result.emails_once} of ${expected}`,
    'more than once / missing': `${duplicates} / ${missing}`,
    'all sent after (s)': result.all_sent_after_s,
    'purchase → first e-mail p50 / p99 (ms)': `${result.first_email_p50_ms} / ${result.first_email_p99_ms}`,
    'checkout p50 / p99, no automation (ms)': `${result.checkout_p50_ms_without} / ${result.checkout_p99_ms_without}`,
    'checkout p50 / p99, automation on (ms)': `${result.checkout_p50_ms_with} / ${result.checkout_p99_ms_with}`,
    'p99 ratio (goal ≤ 1.2)': `${result.checkout_p99_ratio} — ${result.met ? 'met' : 'not met'}`,
    'event-loop delay p99 / max, no automation (ms)': `${result.event_loop_delay_p99_ms_without} / ${result.event_loop_delay_max_ms_without}`,
    'event-loop delay p99 / max, automation on (ms)': `${result.event_loop_delay_p99_ms_with} / ${result.event_loop_delay_max_ms_with}`,
  });
  return result;
}
