import { funnelsEndpoints } from '@funnelwork/domain/api/funnels';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';
import { signUpOwner } from '../apps/server/src/test/harness.ts';
import { httpClient } from './api.ts';
import { benchDatabase, unlimitedPlan } from './bench-database.ts';
import { captured } from './capture.ts';
import { quantile, round } from './stats.ts';

const FUNNELS = 2_000;
const STEPS_PER_FUNNEL = 10;
const STATS_DAYS = 90;
const RUNS = 60;
const PER_PAGE = 25;

/** A document of a few sections, like a real page, so clones copy real JSON. */
const documentJson = JSON.stringify({
  content: Array.from({ length: 4 }, (_, s) => ({
    id: s + 1,
    type: 'section',
    settings: { padding: '20px 0' },
    rows: [
      {
        id: 100 + s,
        type: 'row',
        cols: [
          {
            id: 200 + s,
            width: 100,
            children: [{ id: 300 + s, type: 'headline', settings: { text: 'Hello shopper' } }],
          },
        ],
      },
    ],
  })),
  settings: { padding: '68px 30px 100px 30px', font: 'Roboto' },
});

async function generate(database: Database, accountId: number) {
  const run = (text: string, values?: unknown[]) => database.executeSql(text, values);
  await run(
    `insert into funnels (account_id, name, funnel_type, path, pinned, updated_at)
     select $1, 'Funnel ' || g, g % 2, 'funnel-' || g, g % 97 = 0, now() - (g || ' minutes')::interval
     from generate_series(1, ${FUNNELS}) g`,
    [accountId],
  );
  await run(
    `insert into steps (account_id, funnel_id, name, url, step_type, order_index)
     select f.account_id, f.id, 'Step ' || s, 'step-' || s, 1 + (s % 6), s
     from funnels f cross join generate_series(1, ${STEPS_PER_FUNNEL}) s where f.account_id = $1`,
    [accountId],
  );
  await run(
    `insert into pages (account_id, funnel_id, step_id, name, config)
     select account_id, funnel_id, id, 'Page', $2::jsonb from steps where account_id = $1`,
    [accountId, documentJson],
  );
  await run(
    `insert into funnel_daily_stats (account_id, funnel_id, day, revenue_minor, orders, visits)
     select f.account_id, f.id, current_date - d, (f.id * 37 + d * 11) % 50000, (f.id + d) % 9, (f.id + d) % 140
     from funnels f cross join generate_series(0, ${STATS_DAYS - 1}) d where f.account_id = $1`,
    [accountId],
  );
  await run('analyze');
}

async function measureKind(kind: 'pglite' | 'postgres') {
  const { database, drop: dropDatabase } = await benchDatabase(kind);
  await database.migrate();
  const app = await buildApp({ config: testConfig(), database, queue: createJobQueue(database) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const owner = await signUpOwner(app);
  const client = httpClient(
    `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    owner.token,
  );
  // Thousands of funnels: the clone below was refused on a trial.
  await unlimitedPlan(database, owner.accountId);
  const started = performance.now();
  await generate(database, owner.accountId);
  const generateMs = Math.round(performance.now() - started);

  const lastPage = Math.ceil(FUNNELS / PER_PAGE);
  const pages: Record<string, unknown> = {};
  for (const [label, page] of [
    ['first', 1],
    ['middle', Math.ceil(lastPage / 2)],
    ['last', lastPage],
  ] as const) {
    const api: number[] = [];
    const bare: number[] = [];
    // The statements the list sends (captured while it answers), replayed directly as its bare SQL: a
    // hand-written copy fell behind the list (its publish status and views past the rollup were added).
    // Captured warm: the first request of a run also reads the session and the plan, which later ones
    // find cached.
    for (let i = 0; i < 5; i++)
      await client.page(funnelsEndpoints.listFunnels, { query: { page, per_page: PER_PAGE } });
    const { statements } = await captured(() =>
      client.page(funnelsEndpoints.listFunnels, { query: { page, per_page: PER_PAGE } }),
    );
    if (!statements.some((s) => /from "funnels"/.test(s.text)))
      throw new Error(`no list statement captured: ${JSON.stringify(statements).slice(0, 200)}`);
    for (let i = 0; i < RUNS + 5; i++) {
      let t = performance.now();
      const body = await client.page(funnelsEndpoints.listFunnels, { query: { page, per_page: PER_PAGE } });
      if (body.data.length === 0 || body.meta.count !== FUNNELS) {
        throw new Error(`funnel list answered: ${JSON.stringify(body).slice(0, 200)}`);
      }
      const apiMs = performance.now() - t;
      t = performance.now();
      for (const statement of statements) await database.executeSql(statement.text, statement.values);
      const bareMs = performance.now() - t;
      if (i >= 5) {
        api.push(apiMs);
        bare.push(bareMs);
      }
    }
    // The median as the upper middle of the 60 runs (quantile 0.5), as in the recorded results.
    pages[label] = {
      page,
      statements: statements.length,
      api_median_ms: round(quantile(api, 0.5), 2),
      bare_sql_median_ms: round(quantile(bare, 0.5), 2),
      ratio: round(quantile(api, 0.5) / quantile(bare, 0.5), 2),
    };
  }

  // A funnel of 30 steps with their documents, cloned through the API.
  const funnel = await client.call(funnelsEndpoints.createFunnel, {
    body: { data: { name: 'Thirty steps' } },
  });
  await database.executeSql(
    `insert into steps (account_id, funnel_id, name, url, step_type, order_index)
     select $1, $2, 'Step ' || s, 'step-' || s, 1, s from generate_series(1, 30) s`,
    [owner.accountId, funnel.id],
  );
  await database.executeSql(
    `insert into pages (account_id, funnel_id, step_id, name, config)
     select account_id, funnel_id, id, 'Page', $3::jsonb from steps where account_id = $1 and funnel_id = $2`,
    [owner.accountId, funnel.id, documentJson],
  );
  const cloneStarted = performance.now();
  await client.call(funnelsEndpoints.createCloneFunnel, {
    body: { data: { funnel_to_clone: funnel.id, clone_steps: true, clone_products: true } },
  });
  const cloneMs = Math.round(performance.now() - cloneStarted);

  await app.close();
  await database.close();
  await dropDatabase();
  return {
    database: kind,
    funnels: FUNNELS,
    steps: FUNNELS * STEPS_PER_FUNNEL,
    generate_ms: generateMs,
    pages,
    clone_30_steps_ms: cloneMs,
  };
}

export async function runFunnelList() {
  const results = [await measureKind('pglite')];
  if (process.env.DATABASE_URL) results.push(await measureKind('postgres'));
  else console.log('funnel-list: DATABASE_URL is not set, so only the embedded database is measured');
  const summary = { benchmark: 'funnel-list', goal: 'API median within 2x of its bare SQL', results };
  console.log(JSON.stringify(summary, null, 2));
  return summary;
}
