import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addressesSource, endpointAddresses } from './endpoint-addresses.ts';

const api = fileURLToPath(new URL('../../packages/domain/src/api/', import.meta.url));
const HELPERS = new Set(['endpoint.ts', 'client.ts', 'endpoints.ts']);
const tableFiles = fs
  .readdirSync(api)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !HELPERS.has(name));

/** The module a source defines, as the browser would run it. */
const run = async (source: string): Promise<Record<string, unknown>> =>
  import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

type Loader = (id: string) => Promise<string | null>;
const load = endpointAddresses().load as unknown as Loader;

describe('the endpoint tables in the dashboard build', () => {
  it('keeps every row of every table with its method and path, and nothing else', async () => {
    expect(tableFiles.length).toBeGreaterThan(30);
    for (const name of tableFiles) {
      const file = path.join(api, name);
      const real: Record<string, Record<string, { method: string; path: string }>> = await import(
        pathToFileURL(file).href
      );
      const built = await run((await load(file)) ?? '');
      const tables = Object.keys(real).filter((key) => key.endsWith('Endpoints'));
      expect(Object.keys(built).sort(), name).toEqual(tables.sort());
      for (const table of tables) {
        const rows = real[table] ?? {};
        expect(built[table], `${name} ${table}`).toEqual(
          Object.fromEntries(
            Object.entries(rows).map(([row, e]) => [row, { method: e.method, path: e.path }]),
          ),
        );
      }
    }
  });

  it('leaves the helpers beside the tables and every other module as they are', async () => {
    for (const helper of HELPERS) expect(await load(path.join(api, helper))).toBeNull();
    expect(await load(fileURLToPath(new URL('./src/main.tsx', import.meta.url)))).toBeNull();
  });

  it("leaves out a module's exports that are not tables, so importing one fails the build", async () => {
    const source = addressesSource({
      ordersEndpoints: { listOrders: { method: 'GET', path: '/api/orders', summary: 'List', tag: 'Orders' } },
      orderSchema: { parse: () => null },
    });
    expect(Object.keys(await run(source))).toEqual(['ordersEndpoints']);
    expect(source).not.toContain('summary');
  });
});
