// `npm test`: lint and format check, type-check, unit and API tests (PGlite, and PostgreSQL when
// DATABASE_URL is set), then browser tests in the system Chromium. Ends with one count line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstall, run } from './ensure-install.mjs';

ensureInstall();
const results = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const status = run(command, args, { env: { ...process.env, ...env } });
  if (status !== 0) failures.push(name);
  return status;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

step('Biome: lint and format', 'npx', ['biome', 'ci', '.']);
step('TypeScript: type-check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);

const pgliteReport = path.join(results, 'vitest-pglite.json');
step('Unit and API tests (embedded PGlite)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${pgliteReport}`,
]);
countVitest(pgliteReport);

if (process.env.DATABASE_URL) {
  const pgReport = path.join(results, 'vitest-postgres.json');
  step(
    'API tests (PostgreSQL at DATABASE_URL)',
    'npx',
    [
      'vitest',
      'run',
      'apps/server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${pgReport}`,
    ],
    { TEST_DATABASE: 'postgres' },
  );
  countVitest(pgReport);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium) && process.env.E2E_REQUIRED !== '1') {
  console.log(
    `\nBrowser tests skipped: no Chromium at ${chromium} (install it or set CHROMIUM_PATH; E2E_REQUIRED=1 makes this an error).`,
  );
} else if (!fs.existsSync(chromium)) {
  console.log(`\nBrowser tests required (E2E_REQUIRED=1) but there is no Chromium at ${chromium}.`);
  failures.push('Browser tests');
} else {
  if (step('Build web app and server', 'npm', ['run', 'build', '--silent']) === 0) {
    const e2eReport = path.join(results, 'playwright.json');
    step('Browser tests (Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    });
    countPlaywright(e2eReport);
  }
}

console.log('');
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
