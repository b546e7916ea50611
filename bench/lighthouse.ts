// How the dashboard and the published templates load (issues 37 §1, 39, 36), with the production build
// and the demo seed:
// 1. Lighthouse (mobile preset: Moto G Power, simulated slow 4G, 4× CPU), performance and accessibility,
//    each page 3 times, medians: /log-in, the Dashboard, /orders, /funnels and the page editor signed in
//    as the demo merchant; the cold /orders' requests and bytes on the wire from the same runs. Then the
//    desktop preset's performance of each, as many runs, reported beside (the goal is the mobile one's).
//    Goals: performance ≥ 90, accessibility 100, cold /orders ≤ 350 KB and about 25 files.
// 2. A warm reload of /orders fetches no hashed asset again (immutable caching).
// 3. Navigation to the orders table with no throttling, from our server beside nginx serving the same
//    dist (its .gz files, gzip_static) with /api proxied to our server, alternated; goal ≤ 1.3×.
// 4. Lighthouse accessibility, SEO and performance of each built-in template's published page, mobile,
//    and of the demo store's published pages, one run each (LIGHTHOUSE_BENCH_TEMPLATE_RUNS); goals accessibility
//    and SEO 100 (issues 39, 36), performance ≥ 95.
// Needs `npm run build` (LIGHTHOUSE_BENCH_BUILD=1 runs it first) and nginx (`apt-get install -y nginx`).
// LIGHTHOUSE_BENCH_ONLY=dashboard|templates runs one half, LIGHTHOUSE_BENCH_SCREENS=orders,… some screens (and
// nothing else); LIGHTHOUSE_BENCH_DATA_DIR keeps the seeded database;
// LIGHTHOUSE_BENCH_LHR_DIR keeps every run's full Lighthouse report (JSON).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { publishedTemplateFunnel } from '../e2e/template-funnel.ts';
import { httpClient } from './api.ts';
import { median, round } from './stats.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = { email: 'demo@funnelwork.test', password: 'demo12345' };
const RUNS = Number(process.env.LIGHTHOUSE_BENCH_RUNS ?? 3);
const TEMPLATE_RUNS = Number(process.env.LIGHTHOUSE_BENCH_TEMPLATE_RUNS ?? 1);
const NAVIGATIONS = Number(process.env.LIGHTHOUSE_BENCH_NAVIGATIONS ?? 10);
const GOALS = { performance: 90, accessibility: 100, ordersKb: 350, ordersFiles: 25, vsNginx: 1.3 };

const load = () => os.loadavg().map((n) => round(n, 2));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitFor(url: string, what: string) {
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start`);
}

/** The production server (apps/server/dist) on the embedded database, with the demo seed. */
async function startServer(children: ChildProcess[]) {
  const port = await freePort();
  // Seeding the demo takes minutes on a loaded machine: LIGHTHOUSE_BENCH_DATA_DIR keeps it for the next run.
  const dataDir =
    process.env.LIGHTHOUSE_BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fw-bench-lighthouse-'));
  const base = `http://localhost:${port}`;
  children.push(
    spawn('node', [path.join(root, 'apps/server/dist/server.js')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: base,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  await waitFor(`${base}/api/health`, 'the server');
  return { base, port, dataDir };
}

/** nginx with one worker serving the built dashboard (gzip_static, immutable assets), /api proxied. */
async function startNginx(
  children: ChildProcess[],
  appPort: number,
  dist = path.join(root, 'apps/web/dist'),
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-bench-lighthouse-nginx-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log stderr;
events { worker_connections 1024; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    gzip_static on;
    gzip_vary on;
    location /assets/ { add_header cache-control "public, max-age=31536000, immutable"; }
    location /api/ { proxy_pass http://127.0.0.1:${appPort}; proxy_http_version 1.1; }
    location / { add_header cache-control "no-cache"; try_files $uri /index.html; }
  }
}
`,
  );
  children.push(spawn('nginx', ['-c', conf, '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] }));
  const base = `http://localhost:${port}`;
  await waitFor(`${base}/index.html`, 'nginx');
  return base;
}

type Session = Record<string, string>;

/** Signs the demo merchant in through the log-in form; answers the dashboard's local storage. */
async function signIn(browser: Browser, base: string): Promise<Session> {
  const page = await browser.newPage();
  await page.goto(`${base}/log-in`, { waitUntil: 'networkidle0' });
  await page.type('input[type=email], input[name=email]', DEMO.email);
  await page.type('input[type=password]', DEMO.password);
  await Promise.all([
    page.waitForFunction(() => localStorage.getItem('fw.accountId'), { timeout: 60_000 }),
    page.keyboard.press('Enter'),
  ]);
  const session = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  await page.close();
  return session;
}

/** A page that carries the session into every document before the dashboard's scripts run. */
async function signedInPage(browser: Browser, session: Session | null): Promise<Page> {
  const page = await browser.newPage();
  if (session)
    await page.evaluateOnNewDocument((entries: Session) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, session);
  return page;
}

type Run = {
  performance: number;
  accessibility: number;
  seo: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  requests: number;
  transfer_kb: number;
  /** Lighthouse's measure of this machine's speed (higher is faster): scores compare only between like machines. */
  benchmark_index: number;
  failing_accessibility: string[];
};

type Preset = 'mobile' | 'desktop';

/**
 * One Lighthouse run: the mobile preset (its default) with performance, accessibility and SEO, or the
 * desktop preset (no CPU slowdown, a fast wired network) with performance only.
 */
async function lighthouseRun(
  browser: Browser,
  url: string,
  session: Session | null,
  preset: Preset = 'mobile',
): Promise<Run> {
  const page = await signedInPage(browser, session);
  try {
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: preset === 'mobile' ? ['performance', 'accessibility', 'seo'] : ['performance'],
      },
      preset === 'mobile' ? undefined : desktopConfig,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError)
      throw new Error(`lighthouse ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    // LIGHTHOUSE_BENCH_LHR_DIR keeps each run's full report, to read its audits (bootup-time, lcp-breakdown…).
    const lhrDir = process.env.LIGHTHOUSE_BENCH_LHR_DIR;
    if (lhrDir) {
      fs.mkdirSync(lhrDir, { recursive: true });
      const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'dashboard';
      fs.writeFileSync(
        path.join(lhrDir, `${name.slice(0, 40)}-${preset}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests =
      (lhr.audits['network-requests']?.details as { items?: { transferSize?: number }[] })?.items ?? [];
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
      fcp_ms: Math.round(numeric('first-contentful-paint')),
      lcp_ms: Math.round(numeric('largest-contentful-paint')),
      tbt_ms: Math.round(numeric('total-blocking-time')),
      requests: requests.length,
      transfer_kb: round(requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024),
      benchmark_index: Math.round(lhr.environment.benchmarkIndex),
      failing_accessibility: Object.values(lhr.audits)
        .filter(
          (audit) =>
            (lhr.categories.accessibility?.auditRefs ?? []).some(
              (ref) => ref.id === audit.id && ref.weight > 0,
            ) &&
            audit.score !== null &&
            audit.score < 1,
        )
        .map((audit) => audit.id),
    };
  } finally {
    await page.close();
  }
}

/** A page's runs and their medians. */
async function measure(
  browser: Browser,
  url: string,
  session: Session | null,
  runs: number,
  preset: Preset = 'mobile',
) {
  const all: Run[] = [];
  const errors: string[] = [];
  // On a starved machine a run may time out on the DevTools protocol: it is recorded, not fatal.
  for (let run = 0; run < runs; run++)
    await lighthouseRun(browser, url, session, preset).then(
      (result) => all.push(result),
      (error: Error) => errors.push(error.message),
    );
  const of = (key: Exclude<keyof Run, 'failing_accessibility'>) => median(all.map((run) => run[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    seo: of('seo'),
    fcp_ms: of('fcp_ms'),
    lcp_ms: of('lcp_ms'),
    tbt_ms: of('tbt_ms'),
    requests: of('requests'),
    transfer_kb: of('transfer_kb'),
    benchmark_index: of('benchmark_index'),
    failing_accessibility: [...new Set(all.flatMap((run) => run.failing_accessibility))],
    runs: all.map(({ failing_accessibility: _, ...figures }) => figures),
    errors,
    load_average: load(),
  };
}

/** A warm reload of /orders: the hashed assets it fetched again from the server (goal: none). */
async function warmReload(browser: Browser, base: string, session: Session) {
  const page = await signedInPage(browser, session);
  try {
    await page.goto(`${base}/orders`, { waitUntil: 'networkidle0' });
    const fetched: string[] = [];
    let assets = 0;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/assets/')) return;
      assets++;
      if (!response.fromCache()) fetched.push(url.pathname);
    });
    await page.reload({ waitUntil: 'networkidle0' });
    return { hashed_assets_used: assets, fetched_again: fetched.length, met: fetched.length === 0 };
  } finally {
    await page.close();
  }
}

/** A cold /orders with no throttling: every request and the bytes it took on the wire, hashed assets apart. */
async function coldOrders(browser: Browser, base: string, session: Session) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1350, height: 940 });
  await page.evaluateOnNewDocument((entries: Session) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, session);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => sizes.set(event.requestId, event.encodedDataLength));
  await page.goto(`${base}/orders`);
  await page.waitForSelector('table tbody tr td', { timeout: 120_000 });
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 120_000 });
  await context.close();
  const finished = [...sizes].map(([id, bytes]) => ({ path: new URL(urls.get(id) ?? base).pathname, bytes }));
  const assets = finished.filter((request) => request.path.startsWith('/assets/'));
  const kb = (list: { bytes: number }[]) =>
    round(list.reduce((sum, request) => sum + request.bytes, 0) / 1024);
  return { requests: finished.length, kb: kb(finished), asset_files: assets.length, asset_kb: kb(assets) };
}

/** Milliseconds from navigation to the first row of the orders table, cold cache, no throttling. */
async function toOrdersTable(browser: Browser, base: string, session: Session) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1350, height: 940 });
  await page.evaluateOnNewDocument((entries: Session) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, session);
  const started = performance.now();
  await page.goto(`${base}/orders`);
  await page.waitForSelector('table tbody tr td', { timeout: 60_000 });
  const elapsed = performance.now() - started;
  await context.close();
  return elapsed;
}

async function ordersAgainstNginx(browser: Browser, app: string, nginx: string, session: Session) {
  const ours: number[] = [];
  const theirs: number[] = [];
  await toOrdersTable(browser, app, session);
  await toOrdersTable(browser, nginx, session);
  for (let i = 0; i < NAVIGATIONS; i++) {
    ours.push(await toOrdersTable(browser, app, session));
    theirs.push(await toOrdersTable(browser, nginx, session));
  }
  const ratio = median(ours) / median(theirs);
  return {
    server_ms: round(median(ours), 0),
    nginx_ms: round(median(theirs), 0),
    server_runs_ms: ours.map((n) => round(n, 0)),
    nginx_runs_ms: theirs.map((n) => round(n, 0)),
    ratio: round(ratio, 2),
    goal: `≤ ${GOALS.vsNginx}×`,
    met: ratio <= GOALS.vsNginx,
    load_average: load(),
  };
}

async function api<T>(base: string, token: string, method: string, url: string, data?: unknown): Promise<T> {
  const response = await fetch(`${base}/api/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify({ data }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** The page editor's address for the demo's first funnel's first step. */
async function editorUrl(base: string, session: Session) {
  const token = session['fw.token'] ?? '';
  const funnels = await api<{ id: number }[]>(base, token, 'GET', 'funnels');
  const funnel = funnels[0];
  if (!funnel) throw new Error('the demo has no funnel');
  const steps = await api<{ id: number; pages: { id: number }[] }[]>(
    base,
    token,
    'GET',
    `wfunnels/${funnel.id}/steps`,
  );
  const step = steps[0];
  const user = JSON.parse(session['fw.user'] ?? '{}') as { id?: number };
  return `/page-editor/wfunnel/${funnel.id}/steps/${step?.id}/pages/${step?.pages[0]?.id}/${user.id ?? 0}`;
}

/**
 * One published funnel holding a step made from each built-in template (through the endpoint table's typed
 * client), and the demo store's own published pages: each page's public address on the demo's subdomain.
 */
async function publishedTemplates(base: string, port: number, session: Session) {
  const { funnel, steps } = await publishedTemplateFunnel(httpClient(base, session['fw.token'] ?? ''), {
    name: `Templates ${Date.now()}`,
    path: `templates-${Date.now()}`,
  });
  const origin = `http://demo-store.localhost:${port}`;
  const pages = steps.map(({ template }) => ({
    name: template.template_id,
    url: `${origin}/${funnel.path}/${template.template_id}`,
  }));
  // The demo funnels as seeded (db/seed.ts), as a shopper meets them.
  for (const demo of [
    'summer-sale/checkout',
    'summer-sale/upsell',
    'summer-sale/thank-you',
    'yoga-course/free-class',
    'yoga-course/thank-you',
  ])
    pages.push({ name: `demo ${demo}`, url: `${origin}/${demo}` });
  return pages;
}

export async function runLighthouse() {
  if (process.env.LIGHTHOUSE_BENCH_BUILD === '1')
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (!fs.existsSync(path.join(root, 'apps/server/dist/server.js')))
    throw new Error('no build: run `npm run build` (or LIGHTHOUSE_BENCH_BUILD=1)');
  const only = process.env.LIGHTHOUSE_BENCH_ONLY;
  const children: ChildProcess[] = [];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  // A crash inside Lighthouse must not leave the server, nginx or Chromium running.
  const stop = () => {
    chrome.kill();
    for (const child of children) child.kill('SIGTERM');
  };
  process.once('exit', stop);
  // Lighthouse 12.2.3 rejects a DevTools protocol timeout outside the promise it returns.
  process.on('unhandledRejection', (error) => console.error('lighthouse, outside its run:', error));
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } })).default
    .version;
  try {
    const { base, port } = await startServer(children);
    const session = await signIn(browser, base);
    const summary: Record<string, unknown> = {
      lighthouse: lighthouseVersion,
      chromium: (await browser.version()).replace(/^HeadlessChrome\//, ''),
      preset:
        'mobile (default): Moto G Power, simulated slow 4G, 4× CPU slowdown; desktop: no CPU slowdown, 10 Mbit/s, 40 ms',
      uptime_at_start: execFileSync('uptime').toString().trim(),
    };
    if (only !== 'templates') {
      const screens: Record<string, { url: string; signedIn: boolean }> = {
        'log-in': { url: '/log-in', signedIn: false },
        dashboard: { url: '/', signedIn: true },
        orders: { url: '/orders', signedIn: true },
        funnels: { url: '/funnels', signedIn: true },
        'page editor': { url: await editorUrl(base, session), signedIn: true },
      };
      const dashboard: Record<string, Awaited<ReturnType<typeof measure>>> = {};
      /** The desktop preset's medians per screen, beside the mobile figures. */
      const desktops: Record<string, Record<string, unknown>> = {};
      // LIGHTHOUSE_BENCH_SCREENS=orders,funnels measures some of them.
      const wanted = process.env.LIGHTHOUSE_BENCH_SCREENS?.split(',');
      for (const [name, screen] of Object.entries(screens)) {
        if (wanted && !wanted.includes(name)) continue;
        dashboard[name] = await measure(
          browser,
          `${base}${screen.url}`,
          screen.signedIn ? session : null,
          RUNS,
        );
        const m = dashboard[name];
        const desktop = await measure(
          browser,
          `${base}${screen.url}`,
          screen.signedIn ? session : null,
          RUNS,
          'desktop',
        );
        desktops[name] = {
          performance: desktop.performance,
          fcp_ms: desktop.fcp_ms,
          lcp_ms: desktop.lcp_ms,
          tbt_ms: desktop.tbt_ms,
          runs: desktop.runs.map((run) => run.performance),
          errors: desktop.errors,
        };
        console.log(
          `${name.padEnd(12)} performance ${m.performance} (desktop ${desktop.performance}) ` +
            `accessibility ${m.accessibility} LCP ${m.lcp_ms} ms ` +
            `TBT ${m.tbt_ms} ms, ${m.requests} requests, ${m.transfer_kb} KB, benchmarkIndex ${m.benchmark_index}` +
            (m.failing_accessibility.length ? ` (a11y: ${m.failing_accessibility.join(', ')})` : '') +
            ` load ${m.load_average.join(' ')}`,
        );
      }
      const orders = dashboard.orders;
      summary.dashboard = dashboard;
      summary.desktop = desktops;
      // Some screens only (an iteration on one screen): the cold, warm and nginx figures are left out.
      if (wanted) return summary;
      summary.cold_orders = {
        requests: orders?.requests,
        transfer_kb: orders?.transfer_kb,
        goal: `≤ ${GOALS.ordersKb} KB, about ${GOALS.ordersFiles} files`,
        met:
          (orders?.transfer_kb ?? Infinity) <= GOALS.ordersKb &&
          (orders?.requests ?? Infinity) <= GOALS.ordersFiles,
      };
      summary.warm_reload = await warmReload(browser, base, session);
      console.log('warm reload of /orders:', summary.warm_reload);
      const nginx = await startNginx(children, port);
      // The same cold /orders from this build and, where LIGHTHOUSE_BENCH_BEFORE_DIST names one, an
      // earlier build (both through nginx's gzip files; our server sends brotli).
      const before = process.env.LIGHTHOUSE_BENCH_BEFORE_DIST;
      summary.cold_orders_by_build = {
        server_this_build: await coldOrders(browser, base, session),
        nginx_this_build: await coldOrders(browser, nginx, session),
        ...(before
          ? {
              nginx_before_build: await coldOrders(
                browser,
                await startNginx(children, port, before),
                session,
              ),
            }
          : {}),
      };
      console.log('cold /orders by build:', summary.cold_orders_by_build);
      summary.orders_table_vs_nginx = await ordersAgainstNginx(browser, base, nginx, session);
      console.log('navigation to the orders table, server ÷ nginx:', summary.orders_table_vs_nginx);
      summary.goals_met = {
        performance: Object.values(dashboard).every((m) => m.performance >= GOALS.performance),
        accessibility: Object.values(dashboard).every((m) => m.accessibility >= GOALS.accessibility),
      };
    }
    if (only !== 'dashboard') {
      const published = await publishedTemplates(base, port, session);
      const pages: Record<string, Awaited<ReturnType<typeof measure>> & { url: string }> = {};
      for (const { name, url } of published) {
        pages[name] = { url, ...(await measure(browser, url, null, TEMPLATE_RUNS)) };
        const m = pages[name];
        console.log(
          `${name.padEnd(40)} accessibility ${m?.accessibility} SEO ${m?.seo} performance ${m?.performance}` +
            (m?.failing_accessibility.length ? ` (a11y: ${m.failing_accessibility.join(', ')})` : ''),
        );
      }
      const figures = Object.values(pages);
      summary.templates = {
        pages,
        count: figures.length,
        accessibility_100: figures.filter((m) => m.accessibility === 100).length,
        accessibility_min: Math.min(...figures.map((m) => m.accessibility)),
        seo_100: figures.filter((m) => m.seo === 100).length,
        seo_min: Math.min(...figures.map((m) => m.seo)),
        performance_min: Math.min(...figures.map((m) => m.performance)),
        performance_median: median(figures.map((m) => m.performance)),
      };
    }
    summary.uptime_at_end = execFileSync('uptime').toString().trim();
    return summary;
  } finally {
    await browser.disconnect();
    stop();
  }
}
