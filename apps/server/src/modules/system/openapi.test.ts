import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import { EVENT_CATALOGUE, EVENT_NAMES } from '@funnelwork/domain/events/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const run = promisify(execFile);
const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

let t: TestApp;
let dir: string;
let docPath: string;
// biome-ignore lint/suspicious/noExplicitAny: the document is whatever the server served; the tools judge it.
let doc: any;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  doc = res.json();
  dir = await mkdtemp(join(tmpdir(), 'fw-openapi-'));
  docPath = join(dir, 'openapi.json');
  await writeFile(docPath, JSON.stringify(doc));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

// Issue 38: clients generate from /api/docs/json, so the outside tools must accept it whole.
describe('the OpenAPI document', () => {
  it('validates with @apidevtools/swagger-parser: every $ref resolves', async () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    // The recursive automation steps are one named component, not an unemitted schema0.
    expect(refs.some((ref) => ref.includes('#/components/schemas/AutomationStep'))).toBe(true);
    expect(doc.components.schemas.AutomationStep).toBeTruthy();
  });

  it('passes redocly lint with the recommended rules without an error', async () => {
    const result = await run(
      bin('redocly'),
      ['lint', docPath, '--extends', 'recommended', '--format', 'json'],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout: string; stderr: string }) => error);
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; severity: string; message: string }>;
    };
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`).slice(0, 20)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('generates TypeScript with openapi-typescript that compiles', async () => {
    const typesPath = join(dir, 'api.d.ts');
    await run(
      process.execPath,
      [
        '--import',
        fileURLToPath(new URL('../../test/typescript-5.register.mjs', import.meta.url)),
        join(process.cwd(), 'node_modules/openapi-typescript/bin/cli.js'),
        docPath,
        '-o',
        typesPath,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const types = await readFile(typesPath, 'utf8');
    expect(types).toContain('"/api/orders"');
    // A client's use of the types: the orders list's answer and the webhooks' payloads are named.
    await writeFile(
      join(dir, 'use.ts'),
      [
        "import type { paths, webhooks } from './api.d.ts';",
        "type Orders = paths['/api/orders']['get']['responses'][200]['content']['application/json'];",
        "type Paid = webhooks['order.paid']['post']['requestBody']['content']['application/json'];",
        "export const orderId: Paid['data']['order_id'] = 1;",
        "export const source: Paid['data']['source'] = 'checkout';",
        'export type Checked = Orders;',
        '',
      ].join('\n'),
    );
    await run(
      bin('tsc'),
      [
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--allowImportingTsExtensions',
        '--skipLibCheck',
        'false',
        join(dir, 'use.ts'),
      ],
      // In the temporary folder, so no node_modules/@types of the repository is read.
      { maxBuffer: 16 * 1024 * 1024, cwd: dir },
    ).catch((error: { stdout: string }) => {
      throw new Error(`tsc failed on the generated types:\n${error.stdout.slice(0, 4000)}`);
    });
  }, 120_000);

  it('names every operation: a unique operationId, a summary, a tag and its 4xx answers', () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, where).toMatch(/^[a-zA-Z][a-zA-Z0-9]*$/);
        expect(ids.has(operation.operationId as string), `${where} repeats an operationId`).toBe(false);
        ids.add(operation.operationId as string);
        expect(operation.summary, where).toBeTruthy();
        expect((operation.tags as string[] | undefined)?.length, where).toBeGreaterThan(0);
        const statuses = Object.keys(operation.responses as object);
        expect(
          statuses.some((status) => status.startsWith('4')),
          where,
        ).toBe(true);
      }
    }
    expect(doc.servers).toEqual([{ url: t.config.publicUrl }]);
  });

  it('documents every event of the catalogue in the webhooks section, with its payload and signature headers', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      EVENT_NAMES.filter((name) => EVENT_CATALOGUE[name].channels.some((c) => c === 'webhooks')).sort(),
    );
    const paid = doc.webhooks['order.paid'].post;
    expect(paid.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const schema = doc.components.schemas.OrderPaidEventV1;
    expect(schema.properties.data.properties).toHaveProperty('order_id');
    expect(schema.properties.data.required).toContain('amount_minor');
    expect(paid.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/OrderPaidEventV1',
    );
  });
});
