// `npm test`: lint and format check, type-check, unit and API tests (PGlite, and PostgreSQL when
// DATABASE_URL is set), then browser tests in the system Chromium. Ends with one count line.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { specGroups } from '../e2e/groups.mjs';
import { buildIsCurrent, writeBuildStamp } from './build-stamp.mjs';
import { ensureInstall, run } from './ensure-install.mjs';
import { unhandledErrors } from './unhandled-errors.mjs';

ensureInstall();
const results = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each step's wall time, and the names of failed tests: printed again at the end, where CI's tail shows them. */
const timings = [];
const failedTests = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const status = run(command, args, { env: { ...process.env, ...env } });
  timings.push(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (status !== 0) failures.push(name);
  return status;
}

/** The first lines of a failure's message, indented under its test's name (CI shows only the tail). */
function firstLines(message, count = 8) {
  if (!message) return '';
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count);
  return lines.map((line) => `\n    ${line.slice(0, 300)}`).join('');
}

/**
 * A vitest step whose output is also read here: its unhandled errors (which fail the run without failing
 * a test, and are not in the JSON report) are kept to be printed again at the end. `label` prefixes its
 * lines when another step prints beside it.
 */
async function vitestStep(name, args, env = {}, label = '') {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const status = await new Promise((resolve) => {
    const child = spawn('npx', ['vitest', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const reader = unhandledErrors();
    const onLine = (line) => {
      console.log(label ? `${label} ${line}` : line);
      reader.line(line);
    };
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', onLine);
    child.on('close', (code) => {
      for (const error of reader.errors()) failedTests.push(`${name}: ${error}`);
      resolve(code ?? 1);
    });
  });
  timings.push(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (status !== 0) failures.push(name);
  return status;
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    // A file that failed outside its tests (a hook, an import): its tests count as skipped.
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'))
      failedTests.push(`${path.relative(process.cwd(), file.name)} (the file)${firstLines(file.message)}`);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failedTests.push(
          `${path.relative(process.cwd(), file.name)} › ${test.fullName}${firstLines(test.failureMessages?.[0])}`,
        );
    }
  }
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats, suites = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const failed = spec.tests?.find((test) => test.status === 'unexpected');
      if (failed) {
        const error = failed.results?.at(-1)?.error?.message;
        failedTests.push(`${spec.file} › ${spec.title}${firstLines(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of suites) visit(suite);
}

step('Biome: lint and format', 'npx', ['biome', 'ci', '.']);
step('TypeScript: type-check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);

// The PGlite run and the PostgreSQL run side by side: each waits on its databases, SMTP peers, timers and
// server processes as much as it computes (one alone left a quarter of two cores idle), and no test of one
// shares a database, port or directory with the other (docs/decisions/codebase-and-ci.md, "Tests").
const pgliteReport = path.join(results, 'vitest-pglite.json');
const pgReport = path.join(results, 'vitest-postgres.json');
const postgresToo = Boolean(process.env.DATABASE_URL);
const apiStarted = Date.now();
await Promise.all([
  vitestStep(
    'Unit and API tests (embedded PGlite)',
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${pgliteReport}`],
    {},
    postgresToo ? '[pglite]' : '',
  ),
  postgresToo &&
    vitestStep(
      'API tests (PostgreSQL at DATABASE_URL)',
      ['run', 'apps/server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`],
      { TEST_DATABASE: 'postgres' },
      '[postgres]',
    ),
]);
if (postgresToo)
  timings.push(`both API runs side by side: ${Math.round((Date.now() - apiStarted) / 1000)} s`);
countVitest(pgliteReport);
countVitest(pgReport);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium) && process.env.E2E_REQUIRED !== '1') {
  console.log(
    `\nBrowser tests skipped: no Chromium at ${chromium} (install it or set CHROMIUM_PATH; E2E_REQUIRED=1 makes this an error).`,
  );
} else if (!fs.existsSync(chromium)) {
  console.log(`\nBrowser tests required (E2E_REQUIRED=1) but there is no Chromium at ${chromium}.`);
  failures.push('Browser tests');
} else if (buildIsCurrent()) {
  // Built from these very sources already (`npm start`'s stamp; in CI, the fresh clone's build of the
  // same commit, scripts/fresh-clone-start.sh): the browser tests use it as it is.
  console.log('\n▶ Build web app and server: up to date with the sources (apps/server/dist/.build-stamp)');
  timings.push('Build web app and server: up to date');
  await browserTests();
} else if (step('Build web app and server', 'npm', ['run', 'build', '--silent']) === 0) {
  writeBuildStamp();
  await browserTests();
}

/**
 * The browser tests in E2E_GROUPS (default 3) Playwright processes side by side, each with its own
 * server, embedded database and demo account on ports 30 apart (e2e/groups.mjs deals the spec files by
 * their measured time). Each process's lines carry its group's number; its report is counted apart.
 */
async function browserTests() {
  const name = 'Browser tests (Chromium)';
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const count = Math.max(1, Number(process.env.E2E_GROUPS ?? 3));
  const basePort = Number(process.env.E2E_PORT ?? 3210);
  const groups = specGroups('e2e/tests', count).filter((group) => group.files.length > 0);
  const statuses = await Promise.all(
    groups.map((group, index) => {
      const report = path.join(results, `playwright-${index + 1}.json`);
      const label = `[e2e ${index + 1}/${groups.length}]`;
      console.log(`${label} ${group.files.join(' ')} (about ${group.seconds} s)`);
      return new Promise((resolve) => {
        const child = spawn(
          'npx',
          ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...group.files.map((f) => `tests/${f}`)],
          {
            env: {
              ...process.env,
              PLAYWRIGHT_JSON_OUTPUT_NAME: report,
              E2E_PORT: String(basePort + 30 * index),
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        for (const stream of [child.stdout, child.stderr]) {
          readline.createInterface({ input: stream }).on('line', (line) => console.log(`${label} ${line}`));
        }
        child.on('close', (code) => {
          countPlaywright(report);
          resolve(code ?? 1);
        });
      });
    }),
  );
  timings.push(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (statuses.some((status) => status !== 0)) failures.push(name);
}

console.log('');
console.log(`Step times: ${timings.join('; ')}`);
for (const name of failedTests) console.log(`✗ ${name}`);
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`Total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
