// Published pages for a CDN (issue 37 §2), side by side in one run:
// 1. a published page from the server (the production build in its own process, as deployed; its HTML cache,
//    gzip made once per page) next to nginx with one worker serving the very same gzip bytes (gzip_static);
//    goal ≥ 0.8× nginx's requests/s;
// 2. the page through Varnish (apps/server/varnish/published.vcl in front of the server) next to
//    Varnish in front of that nginx serving the static file; goal ≥ 0.9×.
// 3. for scale, a plain Node http server in its own process sending the same bytes with the same headers
//    (no routing, no lookups): what any Node server gets beside nginx on this machine at this load.
// autocannon runs in a child process (20 connections, CDN_BENCH_LOAD_S seconds each, default 10), in
// CDN_BENCH_ROUNDS rounds (default 3) of each pair back to back; the ratios are the rounds' medians.
// The server sends a page answered before from its kept answers, before routing (page-answers.ts).
// Needs `npm run build` and nginx and varnish from Debian's packages (`apt-get install -y nginx varnish`).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountEndpoints } from '@funnelwork/domain/api/account';
import { funnelsEndpoints } from '@funnelwork/domain/api/funnels';
import { publishingEndpoints } from '@funnelwork/domain/api/publishing';
import { stepsEndpoints } from '@funnelwork/domain/api/steps';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';
import { signUpOwner } from '../apps/server/src/test/harness.ts';
import { freePort, until } from '../apps/server/src/test/server-process.ts';
import { injectClient } from './api.ts';
import { builtServer } from './built-server.ts';
import { median, round } from './stats.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const VCL = path.join(here, '../apps/server/varnish/published.vcl');
const SUBDOMAIN = 'bench-cdn';
const LOAD_SECONDS = Number(process.env.CDN_BENCH_LOAD_S ?? 10);
const ROUNDS = Number(process.env.CDN_BENCH_ROUNDS ?? 3);
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The raw answer (not decompressed) of a GET. */
function get(port: number, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** autocannon in its own process: requests/s, p99 and the answers' bytes. */
async function autocannon(url: string, headers: Record<string, string>) {
  const bin = path.join(here, 'node_modules/autocannon/autocannon.js');
  const script = fs.existsSync(bin) ? bin : path.join(here, '../node_modules/autocannon/autocannon.js');
  const args = [script, '-c', '20', '-d', String(LOAD_SECONDS), '-j'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, out) =>
      error ? reject(error) : resolve(out),
    ),
  );
  const result = JSON.parse(stdout);
  return {
    requests_per_s: Math.round(result.requests.average),
    p99_ms: result.latency.p99,
    bytes_per_request: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

function start(command: string, args: string[], what: string): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  child.once('exit', (code) => {
    if (code) console.error(`${what} stopped (${code}): ${log}`);
  });
  return child;
}

async function varnish(dir: string, name: string, backendPort: number) {
  const port = await freePort();
  const vcl = path.join(dir, `${name}.vcl`);
  fs.writeFileSync(vcl, fs.readFileSync(VCL, 'utf8').replace('.port = "3000";', `.port = "${backendPort}";`));
  const args = ['-F', '-j', 'none', '-a', `127.0.0.1:${port}`, '-f', vcl, '-n', path.join(dir, `${name}-n`)];
  args.push('-s', 'malloc,64m', '-p', 'http_gzip_support=off');
  const child = start('varnishd', args, `varnish ${name}`);
  return { port, child };
}

/** A plain Node http server in its own process: the page's bytes and headers (less those Node sets). */
async function plainNodeServer(dir: string, body: Buffer, headers: Record<string, unknown>) {
  const port = await freePort();
  const { date: _d, connection: _c, 'keep-alive': _k, ...sent } = headers;
  fs.writeFileSync(path.join(dir, 'plain.gz'), body);
  fs.writeFileSync(path.join(dir, 'plain-headers.json'), JSON.stringify(sent));
  const script = `
const fs = require('node:fs');
const body = fs.readFileSync(process.argv[1]);
const headers = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
require('node:http').createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
  .listen(Number(process.argv[3]), '127.0.0.1');`;
  const args = ['-e', script, path.join(dir, 'plain.gz'), path.join(dir, 'plain-headers.json'), String(port)];
  return { port, child: start(process.execPath, args, 'plain node') };
}

/**
 * The production server in its own process on the data directory the set-up wrote, as it runs in a
 * deployment: the bench process, which holds the set-up's app and autocannon's parent, stays out of the
 * measured process.
 */
async function serverProcess(dataDir: string) {
  const port = await freePort();
  const child = await builtServer({ port, dataDir, env: { PUBLIC_URL: 'http://localhost' } });
  return { port, child };
}

export async function runCdn() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-bench-cdn-'));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const children: ChildProcess[] = [];
  try {
    // A merchant's landing page (the lead-magnet template), published through an app in this process on
    // the data directory the measured server process then opens.
    {
      const database = await createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
      await database.migrate();
      const app = await buildApp({ config: testConfig(), database, queue: createJobQueue(database) });
      try {
        const owner = await signUpOwner(app);
        const api = injectClient(app, owner.token);
        await api.call(accountEndpoints.createChangeSubdomain, { body: { data: { subdomain: SUBDOMAIN } } });
        const funnel = await api.call(funnelsEndpoints.createFunnel, {
          body: { data: { name: 'Shop', path: 'shop', funnel_type: 1 } },
        });
        await api.call(stepsEndpoints.createWfunnelStep, {
          params: { id: funnel.id },
          body: { data: { name: 'Story', type: 5, url: 'story', template_id: 'landing-lead-magnet' } },
        });
        await api.call(publishingEndpoints.publishFunnel, { params: { id: funnel.id } });
      } finally {
        await app.close();
        await database.close();
      }
    }
    const server = await serverProcess(dataDir);
    children.push(server.child);
    const appPort = server.port;
    const pageHeaders = {
      host: `${SUBDOMAIN}.localhost`,
      'user-agent': BROWSER_UA,
      'accept-encoding': 'gzip',
    };
    const page = await get(appPort, '/shop/story', pageHeaders);
    if (page.status !== 200 || page.headers['content-encoding'] !== 'gzip')
      throw new Error(`page not served gzipped: ${page.status}`);

    // nginx, one worker, the same gzip bytes (gzip_static) with the same Vary.
    const root = path.join(dir, 'www');
    fs.mkdirSync(root);
    fs.chmodSync(root, 0o755);
    fs.writeFileSync(path.join(root, 'story.html.gz'), page.body);
    fs.writeFileSync(path.join(root, 'story.html'), '');
    const nginxPort = await freePort();
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
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  types { text/html html; }
  server {
    listen 127.0.0.1:${nginxPort};
    root ${root};
    gzip_static on;
    gzip_vary on;
    etag on;
  }
}
`,
    );
    children.push(start('nginx', ['-c', conf, '-p', dir], 'nginx'));
    const plainNode = await plainNodeServer(dir, page.body, page.headers);
    children.push(plainNode.child);
    const withVarnishApp = await varnish(dir, 'app', appPort);
    const withVarnishStatic = await varnish(dir, 'static', nginxPort);
    children.push(withVarnishApp.child, withVarnishStatic.child);
    for (const [port, url] of [
      [nginxPort, '/story.html'],
      [withVarnishApp.port, '/shop/story'],
      [withVarnishStatic.port, '/story.html'],
      [plainNode.port, '/story.html'],
    ] as const) {
      await until(
        30_000,
        async () =>
          (await get(port, url, pageHeaders).catch(() => null))?.status === 200 ? true : undefined,
        `port ${port} answers`,
        200,
      );
    }
    const staticBytes = await get(nginxPort, '/story.html', pageHeaders);
    if (!staticBytes.body.equals(page.body)) throw new Error('nginx does not serve the same bytes');

    // Rounds in which each pair runs back to back, taking turns to go first: on a shared machine the
    // ratio of one round's pair is what is compared (their median), not runs minutes apart.
    const urls = {
      server_page: `http://127.0.0.1:${appPort}/shop/story`,
      nginx_one_worker: `http://127.0.0.1:${nginxPort}/story.html`,
      plain_node: `http://127.0.0.1:${plainNode.port}/story.html`,
      varnish_page: `http://127.0.0.1:${withVarnishApp.port}/shop/story`,
      varnish_static: `http://127.0.0.1:${withVarnishStatic.port}/story.html`,
    };
    type Run = Awaited<ReturnType<typeof autocannon>>;
    const rounds: Array<Record<keyof typeof urls, Run>> = [];
    for (let turn = 0; turn < ROUNDS; turn++) {
      const runs: Partial<Record<keyof typeof urls, Run>> = {};
      for (const pair of [
        ['server_page', 'nginx_one_worker', 'plain_node'],
        ['varnish_page', 'varnish_static'],
      ] as const) {
        for (const name of turn % 2 === 0 ? pair : [...pair].reverse())
          runs[name] = await autocannon(urls[name], pageHeaders);
      }
      rounds.push(runs as Record<keyof typeof urls, Run>);
      console.log(
        `round ${turn + 1}: ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} load`,
      );
      console.table(runs);
    }
    const ratios = (a: keyof (typeof rounds)[number], b: keyof (typeof rounds)[number]) =>
      rounds.map((runs) => round(runs[a].requests_per_s / Math.max(1, runs[b].requests_per_s), 2));
    const serverRatios = ratios('server_page', 'nginx_one_worker');
    const varnishRatios = ratios('varnish_page', 'varnish_static');
    const plainRatios = ratios('plain_node', 'nginx_one_worker');
    const serverPlainRatios = ratios('server_page', 'plain_node');
    const summary = {
      page_gzip_bytes: page.body.length,
      load_seconds: LOAD_SECONDS,
      rounds,
      server_vs_nginx: {
        ratio: median(serverRatios),
        per_round: serverRatios,
        goal: '≥ 0.8×',
        met: median(serverRatios) >= 0.8,
      },
      plain_node_vs_nginx: { ratio: median(plainRatios), per_round: plainRatios },
      server_vs_plain_node: { ratio: median(serverPlainRatios), per_round: serverPlainRatios },
      varnish_page_vs_static: {
        ratio: median(varnishRatios),
        per_round: varnishRatios,
        goal: '≥ 0.9×',
        met: median(varnishRatios) >= 0.9,
      },
    };
    console.log(
      `\nPublished page (${page.body.length} B gzipped), ${ROUNDS} rounds of ${LOAD_SECONDS} s runs, 20 connections`,
    );
    console.table({
      server_vs_nginx: summary.server_vs_nginx,
      plain_node_vs_nginx: summary.plain_node_vs_nginx,
      server_vs_plain_node: summary.server_vs_plain_node,
      varnish_page_vs_static: summary.varnish_page_vs_static,
    });
    return summary;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
