import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/*.test.mjs'],
    // `*.postgres.test.ts` need a PostgreSQL server (several processes on one database): only the
    // PostgreSQL run (`TEST_DATABASE=postgres`, scripts/test.mjs) includes them; `*.pglite.test.ts`
    // (a server process on an embedded data directory) only the PGlite run.
    exclude:
      process.env.TEST_DATABASE === 'postgres'
        ? [...configDefaults.exclude, '**/*.pglite.test.ts']
        : [...configDefaults.exclude, '**/*.postgres.test.ts'],
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
  },
});
