import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINT_LIST } from '@funnelwork/domain/api/endpoints';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../db/schema/index.ts';
import { createTestApp, signIn, signUpOwner, type TestApp, uniqueEmail } from '../test/harness.ts';
import { registerEndpointTable } from './endpoints.ts';

let t: TestApp;
// With a dashboard build: its page route is a row of the table too, its files are not.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
fs.writeFileSync(path.join(webDist, 'logo.png'), 'png');

beforeAll(async () => {
  t = await createTestApp({ config: { webDist } });
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the endpoint table and the server', () => {
  it('serves every row of the table: no row without its route', () => {
    const unserved = ENDPOINT_LIST.filter((row) => !t.app.servedEndpoints.has(row));
    expect(unserved.map((row) => `${row.method} ${row.path}`)).toEqual([]);
  });

  it('refuses to register a route that has no row, naming it', async () => {
    const app = Fastify();
    registerEndpointTable(app);
    app.get('/api/orders', async () => ({}));
    expect(() => app.post('/api/not-in-the-table', async () => ({}))).toThrow(
      'POST /api/not-in-the-table is not in the endpoint table: add its row to packages/domain/src/api/',
    );
    await app.close().catch(() => undefined);
  });

  it("every route carries its row's permission, scope and schemas", () => {
    const wrong = t.app.apiRoutes.filter((route) => {
      const row = route.config?.endpoint;
      if (!row) return true;
      const schema = route.schema as Record<string, unknown>;
      return (
        route.config?.apiScope !== row.scope ||
        (row.params !== undefined && schema.params !== row.params) ||
        (row.body !== undefined && schema.body !== row.body) ||
        (row.query !== undefined && schema.querystring !== row.query) ||
        schema.summary !== row.summary
      );
    });
    expect(wrong.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it("answers 403 'restricted area: access denied' from the row's permission, before the handler runs", async () => {
    const owner = await signUpOwner(t.app, { account_name: 'Table' });
    const email = uniqueEmail('funnels-only');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/settings/staff',
      headers: owner.auth,
      payload: { data: { email, first_name: 'Fay', last_name: 'Funnels', permissions: { funnels: true } } },
    });
    expect(invited.statusCode).toBe(201);
    const mails = (await t.database.db.select().from(mailMessages)).filter((m) => m.to === email);
    const code = /code (\d{6})/.exec(mails.at(-1)?.text ?? '')?.[1];
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/update-password',
      payload: { data: { email, vcode: code, password: 'staff password 1' } },
    });
    expect(set.statusCode).toBe(200);
    const staff = { authorization: `Bearer ${await signIn(t.app, email, 'staff password 1')}` };
    // A funnels member may create a funnel (row: funnels) …
    const funnel = await t.app.inject({
      method: 'POST',
      url: '/api/funnels',
      headers: staff,
      payload: { data: { name: 'Allowed' } },
    });
    expect(funnel.statusCode).toBe(201);
    // … but not cancel an order (row: orders), even one that does not exist: the row is checked first.
    const cancel = await t.app.inject({ method: 'PUT', url: '/api/orders/999999/cancel', headers: staff });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().error.message).toBe('restricted area: access denied');
  });
});
