import { pathToFileURL } from 'node:url';
import { type NamespacedUnregister, register } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/** The domain's endpoint tables (packages/domain/src/api/<area>.ts), not the helpers beside them. */
const TABLE_FILE =
  /[\\/]packages[\\/]domain[\\/]src[\\/]api[\\/](?!endpoint\.ts$|client\.ts$|endpoints\.ts$)[a-z-]+\.ts$/;

type Row = { method: string; path: string };

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Row).method === 'string' &&
  typeof (value as Row).path === 'string';

const isTable = (value: unknown): value is Record<string, Row> =>
  typeof value === 'object' && value !== null && Object.values(value).every(isRow);

/**
 * A table module's source for the dashboard: each exported table with its rows' method and path, the
 * only parts the client reads (api-client.ts). Other exports are left out, so a screen that imports one
 * fails the build instead of loading the schemas.
 */
export function addressesSource(module: Record<string, unknown>): string {
  let source = '';
  for (const [name, value] of Object.entries(module)) {
    if (!isTable(value)) continue;
    const rows = Object.fromEntries(
      Object.entries(value).map(([row, { method, path }]) => [row, { method, path }]),
    );
    source += `export const ${name} = ${JSON.stringify(rows)};\n`;
  }
  return source;
}

/**
 * The endpoint tables without their zod schemas in the dashboard's build. The tables' value is the
 * rows' method and path (the types come from the real modules, which the compiler reads); built with
 * their schemas, the funnel list's first load spent ~90 ms of the main thread at 1× building schemas
 * no screen reads.
 */
export function endpointAddresses(): Plugin {
  // One namespace for every table: the schemas they share (and zod) are loaded once, not once a table.
  let tsx: NamespacedUnregister | undefined;
  return {
    name: 'funnelwork:endpoint-addresses',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!TABLE_FILE.test(file)) return null;
      tsx ??= register({ namespace: 'endpoint-addresses' });
      return addressesSource(await tsx.import(pathToFileURL(file).href, import.meta.url));
    },
    async closeBundle() {
      await tsx?.unregister();
      tsx = undefined;
    },
  };
}
