import { timingSafeEqual } from 'node:crypto';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import { gatewayById } from '@funnelwork/domain/rules';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { GatewayRegistry } from '../gateways/registry.ts';
import type { GatewayAdapter } from '../gateways/types.ts';
import { schemaOf } from '../plugins/endpoints.ts';

/**
 * What an operator watches, in the Prometheus text format at `/metrics` (prom-client), behind
 * METRICS_TOKEN. Counters and histograms count in this process; the queue, outbox and rollup gauges ask
 * the database at scrape time (every process answers the same for them); every series carries the
 * process's `role` (PROCESS_ROLE). The README lists the series and the alerts worth setting.
 */
export function createMetrics({ role, database }: { role: string; database: Database }) {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  // Event-loop delay (nodejs_eventloop_lag_*), heap, GC, handles: prom-client's defaults.
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'funnelwork_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status class, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const publishedPages = new Counter({
    name: 'funnelwork_published_pages_total',
    help: 'Published pages served, from the rendered-page cache (hit) or rendered (miss)',
    labelNames: ['cache'] as const,
    registers: [registry],
  });
  const checkoutOutcomes = new Counter({
    name: 'funnelwork_checkout_outcomes_total',
    help: "Payments' outcomes per gateway: succeeded, declined, or error (retryable: network, gateway down)",
    labelNames: ['gateway', 'outcome'] as const,
    registers: [registry],
  });

  const queueDepth = new Gauge({
    name: 'funnelwork_job_queue_depth',
    help: 'Jobs waiting to run (due or scheduled) per kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const queueOldest = new Gauge({
    name: 'funnelwork_job_queue_oldest_age_seconds',
    help: 'How long the oldest due job of each kind has waited to start',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const outboxPending = new Gauge({
    name: 'funnelwork_outbox_pending_events',
    help: 'Outbox events not yet dispatched',
    registers: [registry],
  });
  const outboxLag = new Gauge({
    name: 'funnelwork_outbox_lag_seconds',
    help: 'Age of the oldest outbox event not yet dispatched (0 when none)',
    registers: [registry],
  });
  const rollupBacklog = new Gauge({
    name: 'funnelwork_rollup_backlog_events',
    help: "Events past the analytics rollup's watermark, per source",
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'funnelwork_db_pool_connections',
    help: "This process's PostgreSQL pool connections: max, total (open), idle, and waiting (requests queued for one)",
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
  });

  // Only with a replica (DATABASE_REPLICA_URL).
  const replicaReads = database.readsFrom
    ? new Gauge({
        name: 'funnelwork_db_replica_reads',
        help: '1 while the reads that may lag go to the replica, 0 while they go to the primary',
        registers: [registry],
      })
    : null;
  const replicaLag = database.readsFrom
    ? new Gauge({
        name: 'funnelwork_db_replica_lag_seconds',
        help: "The replica's lag as last measured (NaN while it does not answer)",
        registers: [registry],
      })
    : null;

  /** Reads the database's gauges just before a scrape answers. */
  async function collectDatabase() {
    // pg-boss makes its tables when a queue first starts: until then there is no job to count.
    const [queue] = (await database.executeSql(`select to_regclass('pgboss.job') is not null as ready`))
      .rows as Array<{ ready: boolean }>;
    const jobs = !queue?.ready
      ? { rows: [] }
      : await database.executeSql(
          `select name,
              count(*)::int as depth,
              coalesce(extract(epoch from now() - min(start_after) filter (where start_after <= now())), 0)::float8 as oldest
         from pgboss.job where state in ('created', 'retry') group by name`,
        );
    queueDepth.reset();
    queueOldest.reset();
    for (const row of jobs.rows as Array<{ name: string; depth: number; oldest: number }>) {
      queueDepth.set({ kind: row.name }, Number(row.depth));
      queueOldest.set({ kind: row.name }, Math.max(0, Number(row.oldest)));
    }
    const [outbox] = (
      await database.executeSql(
        `select count(*)::int as pending,
                coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as lag
           from outbox_events where dispatched_at is null`,
      )
    ).rows as Array<{ pending: number; lag: number }>;
    outboxPending.set(Number(outbox?.pending ?? 0));
    outboxLag.set(Math.max(0, Number(outbox?.lag ?? 0)));
    const backlog = await database.executeSql(
      `select s.source, (select count(*) from page_view_events e
                          where (e.xid, e.id) > (coalesce(w.last_xid, '0'::xid8), coalesce(w.last_id, 0)))::int as events
         from (values ('page_views')) s(source)
         left join analytics_rollup_state w on w.source = s.source
       union all
       select s.source, (select count(*) from optin_events e
                          where (e.xid, e.id) > (coalesce(w.last_xid, '0'::xid8), coalesce(w.last_id, 0)))::int
         from (values ('optins')) s(source)
         left join analytics_rollup_state w on w.source = s.source`,
    );
    for (const row of backlog.rows as Array<{ source: string; events: number }>)
      rollupBacklog.set({ source: row.source }, Number(row.events));
    const replica = database.readsFrom?.();
    if (replica) {
      replicaReads?.set(replica.from === 'replica' ? 1 : 0);
      replicaLag?.set(replica.lagMs === null ? Number.NaN : replica.lagMs / 1000);
    }
    pool.reset();
    for (const stats of database.poolStats?.() ?? [])
      for (const state of ['max', 'total', 'idle', 'waiting'] as const)
        pool.set({ pool: stats.pool, state }, stats[state]);
  }

  return {
    registry,
    collectDatabase,
    /** Counts one published page served, from the cache or rendered. */
    publishedPage(hit: boolean) {
      publishedPages.inc({ cache: hit ? 'hit' : 'miss' });
    },
    checkoutOutcome(gatewayId: number, outcome: 'succeeded' | 'declined' | 'error') {
      checkoutOutcomes.inc({ gateway: gatewayById(gatewayId).name, outcome });
    },
    httpRequest(method: string, route: string, statusCode: number, seconds: number) {
      httpDuration.observe({ method, route, status: `${Math.floor(statusCode / 100)}xx` }, seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The registry's adapters, each counting its charges' and confirmed payments' outcomes. */
export function countCheckoutOutcomes(registry: GatewayRegistry, metrics: Metrics): GatewayRegistry {
  const counted = new Map<GatewayAdapter, GatewayAdapter>();
  const wrap = (adapter: GatewayAdapter): GatewayAdapter => {
    const failure = (retryable: boolean) => (retryable ? 'error' : 'declined');
    const paymentOutcome = adapter.paymentOutcome?.bind(adapter);
    return Object.assign(Object.create(adapter) as GatewayAdapter, {
      async charge(...args: Parameters<GatewayAdapter['charge']>) {
        const result = await adapter.charge(...args);
        metrics.checkoutOutcome(adapter.gatewayId, result.ok ? 'succeeded' : failure(result.retryable));
        return result;
      },
      ...(paymentOutcome
        ? {
            async paymentOutcome(...args: Parameters<NonNullable<GatewayAdapter['paymentOutcome']>>) {
              const outcome = await paymentOutcome(...args);
              if ('ok' in outcome) metrics.checkoutOutcome(adapter.gatewayId, failure(outcome.retryable));
              else if (outcome.status === 'succeeded')
                metrics.checkoutOutcome(adapter.gatewayId, 'succeeded');
              else if (outcome.status === 'failed') metrics.checkoutOutcome(adapter.gatewayId, 'declined');
              return outcome;
            },
          }
        : {}),
    });
  };
  return {
    ...registry,
    adapterFor(gatewayId) {
      const adapter = registry.adapterFor(gatewayId);
      if (!adapter) return adapter;
      let wrapped = counted.get(adapter);
      if (!wrapped) {
        wrapped = wrap(adapter);
        counted.set(adapter, wrapped);
      }
      return wrapped;
    },
  };
}

/**
 * `/metrics`: 404 unless METRICS_TOKEN is set, then 401 without `Authorization: Bearer <token>`. Every
 * request's duration is observed under its route template (never the raw URL: ids would make a series each).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics | null, token: string | null) {
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.httpRequest(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
  }
  const expected = Buffer.from(`Bearer ${token ?? ''}`);
  app.get(
    '/metrics',
    { schema: { ...schemaOf(endpoints.system.metrics), hide: true } },
    async (request, reply) => {
      if (!metrics || !token) return reply.callNotFound();
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({
            error: { message: 'The metrics token is missing or wrong', code: 'unauthorized', status: 401 },
          });
      await metrics.collectDatabase();
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    },
  );
}
