import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { serverDatabaseTests } from './apps/server/src/test/database-tests.ts';
import { SlowestFirst } from './apps/server/src/test/slowest-first.ts';

const postgresRun = process.env.TEST_DATABASE === 'postgres';

export default defineConfig({
  test: {
    // The PostgreSQL run (`TEST_DATABASE=postgres`, scripts/test.mjs) runs only the server's test files
    // that open a database (apps/server/src/test/database-tests.ts), `*.postgres.test.ts` among them
    // (several processes on one PostgreSQL database); `*.pglite.test.ts` (a server process on an embedded
    // data directory) run only in the PGlite run.
    include: postgresRun
      ? serverDatabaseTests(path.dirname(fileURLToPath(import.meta.url)))
      : [
          'packages/*/src/**/*.test.ts',
          'apps/*/src/**/*.test.{ts,tsx}',
          'apps/*/*.test.ts',
          'scripts/*.test.mjs',
        ],
    exclude: postgresRun ? configDefaults.exclude : [...configDefaults.exclude, '**/*.postgres.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at once even on two cores (Vitest's default is one fewer than the cores): the API
    // tests wait on their embedded database's worker thread, SMTP peers and timers as much as they compute
    // (PGlite run 540 s with one, 340 s with two, on this 2-core machine class).
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Test files share a worker's loaded modules instead of importing the app again each (an API test
    // file spent more time importing than testing). Tests keep no state in shared modules: each file
    // builds its own app and database.
    isolate: false,
    // The slowest files first, so none runs alone at the end (apps/server/src/test/slowest-first.ts).
    sequence: { sequencer: SlowestFirst },
  },
});
