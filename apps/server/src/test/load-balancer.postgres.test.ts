import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, newKey } from '../runtime/checkout/checkout.fixtures.ts';
import { startS3Server } from '../storage/s3.fixtures.ts';
import { freePort, type ServerProcess, spawnServer, until } from './server-process.ts';

// Two server processes behind nginx (issue 41 item 4): round-robin, no sticky sessions, no shared disk
// (each its own DATA_DIR, files in an S3-compatible bucket). Only the PostgreSQL run includes this file.
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('load-balancer.postgres.test.ts needs DATABASE_URL (TEST_DATABASE=postgres)');

/** Debian's nginx (`apt-get install nginx`, as .ci/run does). */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
if (!NGINX) throw new Error('load-balancer.postgres.test.ts needs nginx: apt-get install -y nginx');

/** The access log's line: method, path, status, and the upstream(s) that answered, comma-separated. */
const LOG_FORMAT = '$request_method $uri $status "$upstream_addr"';

/**
 * nginx in the foreground with a configuration of its own in `dir`: round-robin over `ports`, a dead
 * process's requests passed to the next one (`proxy_next_upstream`), and an access log of who answered.
 */
function nginxConfig(dir: string, port: number, ports: number[]) {
  const asRoot = process.getuid?.() === 0;
  return `${asRoot ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  log_format lb '${LOG_FORMAT}';
  access_log ${dir}/access.log lb;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  upstream funnelwork {
${ports.map((one) => `    server 127.0.0.1:${one} max_fails=1 fail_timeout=30s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://funnelwork;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}

type Server = ServerProcess & { dataDir: string };

describe('two server processes behind nginx (round-robin, no sticky sessions, no shared disk)', () => {
  const databaseName = `funnelwork_lb_${randomBytes(6).toString('hex')}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-nginx-'));
  const servers: Server[] = [];
  let nginx: ChildProcess | undefined;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let base: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    s3 = await startS3Server();
    const [lbPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    base = `http://127.0.0.1:${lbPort}`;
    const gatewayKey = randomBytes(32).toString('base64');
    for (const [name, port] of [
      ['a', portA],
      ['b', portB],
    ] as const) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `funnelwork-lb-${name}-`));
      servers.push(
        Object.assign(
          spawnServer(name, port, {
            DATABASE_URL: databaseUrl.toString(),
            DATA_DIR: dataDir,
            GATEWAY_SECRET_KEY: gatewayKey,
            PUBLIC_URL: base,
            S3_BUCKET: s3.settings.bucket,
            S3_ENDPOINT: s3.settings.endpoint as string,
            S3_REGION: s3.settings.region,
            S3_ACCESS_KEY_ID: s3.settings.accessKeyId as string,
            S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey as string,
          }),
          { dataDir },
        ),
      );
    }
    // Two processes starting at once through tsx: minutes on a loaded machine.
    await Promise.all(servers.map((server) => server.ready(240_000)));
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig(dir, lbPort, [portA, portB]));
    const log: string[] = [];
    nginx = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    await until(
      15_000,
      async () => {
        if (nginx?.exitCode !== null) throw new Error(`nginx exited: ${log.join('')}`);
        const answer = await fetch(`${base}/api/health`).catch(() => null);
        return answer?.ok ? true : undefined;
      },
      'nginx answers /api/health',
      100,
    );
  }, 300_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx?.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await Promise.all(servers.map((server) => server.kill()));
    await s3?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    for (const server of servers) fs.rmSync(server.dataDir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every request nginx passed on so far: its path, status and the process(es) that answered it. */
  const accessLog = () =>
    fs
      .readFileSync(path.join(dir, 'access.log'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [, method, uri, status, upstreams] = /^(\S+) (\S+) (\d+) "(.*)"$/.exec(line) ?? [];
        return { method, uri, status: Number(status), upstreams: (upstreams ?? '').split(', ') };
      });
  const portOf = (upstream: string) => Number(upstream.split(':')[1]);

  let token = '';
  const api = async <T>(method: string, url: string, data?: unknown, status = 200): Promise<T> => {
    const response = await fetch(`${base}/api/${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(data !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: data !== undefined ? JSON.stringify({ data }) : undefined,
    });
    const body = await response.text();
    if (response.status !== status) throw new Error(`${method} ${url}: ${response.status} ${body}`);
    return (body ? JSON.parse(body).data : undefined) as T;
  };

  it('serves a merchant and a shopper on either process, and completes after one is killed', async () => {
    const email = 'lb-merchant@example.test';
    const password = 'correct horse battery';
    await api(
      'POST',
      'users/signup',
      {
        email,
        password,
        first_name: 'Lena',
        last_name: 'Balancer',
        account_name: 'Balanced Shop',
      },
      201,
    );
    const signIn = await fetch(`${base}/api/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    });
    expect(signIn.status).toBe(200);
    token = ((await signIn.json()) as { access_token: string }).access_token;

    // The merchant builds a shop: a checkout page edited to sell a product, then published.
    await api('POST', 'change-subdomain', { subdomain: 'balanced' });
    const funnel = await api<{ id: number; path: string }>(
      'POST',
      'funnels',
      { name: 'Shop', funnel_type: 1, path: 'shop' },
      201,
    );
    const checkout = await api<{ id: number; pages: Array<{ id: number }> }>(
      'POST',
      `wfunnels/${funnel.id}/steps`,
      { name: 'Checkout', type: 1, url: 'checkout', template_id: 'checkout-two-step' },
      201,
    );
    await api(
      'POST',
      `wfunnels/${funnel.id}/steps`,
      { name: 'Thank you', type: 3, url: 'thank-you', template_id: 'thank-you-next-steps' },
      201,
    );
    const product = await api<{ id: number }>(
      'POST',
      'products',
      { currency: 'USD', funnel_id: funnel.id, name: 'Course', price: 49.99, step_id: checkout.id },
      201,
    );
    const pageId = checkout.pages[0]?.id as number;
    await api('PATCH', `wfunnels/${funnel.id}/steps/${checkout.id}/pages/${pageId}`, {
      seo_title: 'Balanced checkout',
    });
    await api('POST', `funnels/${funnel.id}/publish`);
    const page = async () => {
      const response = await fetch(`${base}/p/balanced/shop/checkout`);
      expect(response.status).toBe(200);
      return response.text();
    };
    for (let i = 0; i < 2; i++) {
      const html = await page();
      expect(html).toContain('<title>Balanced checkout</title>');
      expect(html).toContain(`data-product-id="${product.id}"`);
    }

    const buy = async (shopper: string) => {
      const response = await fetch(`${base}/_fw/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          step_id: checkout.id,
          page_id: pageId,
          customer: { email: shopper, first_name: 'Sam', last_name: 'Shopper' },
          payment: CARD_OK,
          idempotency_key: newKey(),
          items: [{ product_id: product.id, qty: 1 }],
        }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
    };
    await buy('first-shopper@example.test');

    /** The merchant exports every order and downloads the file twice (each process answers one). */
    const exportOrders = async () => {
      const job = await api<{ id: number }>(
        'POST',
        'exports',
        { params: { exportType: 'all', rangeStart: 0, rangeEnd: 0 } },
        201,
      );
      await until(
        60_000,
        async () => {
          const status = await api<{ done: boolean; failed: boolean }>('GET', `exports/${job.id}`);
          if (status.failed) throw new Error('the export failed');
          return status.done ? true : undefined;
        },
        'the export is done',
        250,
      );
      const download = async () => {
        const response = await fetch(`${base}/api/download-export`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ data: { id: job.id } }),
        });
        expect(response.status).toBe(200);
        return response.text();
      };
      const [first, second] = [await download(), await download()];
      expect(second).toBe(first);
      return first;
    };
    const before = await exportOrders();
    expect(before).toContain('first-shopper@example.test');

    // Round-robin: both processes answered the merchant's and the shopper's requests.
    const answered = accessLog();
    expect(answered.every((line) => line.status < 500)).toBe(true);
    const [a, b] = servers as [Server, Server];
    const served = (server: Server, uri: RegExp) =>
      answered.filter((line) => uri.test(line.uri ?? '') && line.upstreams.map(portOf).includes(server.port))
        .length;
    for (const server of [a, b]) {
      expect(served(server, /^\/api\//), `${server.name} served API requests`).toBeGreaterThan(2);
      expect(served(server, /^\/api\/download-export$/), `${server.name} sent the export`).toBe(1);
    }
    expect(served(a, /^\/p\//) + served(b, /^\/p\//)).toBe(2);

    // One process dies mid-journey: nginx passes its requests to the other and the journey completes.
    const killed = a;
    await killed.kill();
    const afterKill = accessLog().length;
    await page();
    await buy('second-shopper@example.test');
    const orders = await api<Array<{ customer: { email: string } | null }>>(
      'GET',
      'orders?page=0&per_page=25',
    );
    expect(orders.map((order) => order.customer?.email).sort()).toEqual([
      'first-shopper@example.test',
      'second-shopper@example.test',
    ]);
    const after = await exportOrders();
    expect(after).toContain('second-shopper@example.test');
    const sinceKill = accessLog().slice(afterKill);
    expect(sinceKill.every((line) => line.status < 500)).toBe(true);
    // Every answer since came from the survivor (a request first sent to the dead one was passed on).
    expect(sinceKill.every((line) => portOf(line.upstreams.at(-1) as string) === b.port)).toBe(true);
    expect(sinceKill.some((line) => line.upstreams.map(portOf).includes(killed.port))).toBe(true);
  }, 240_000);
});
