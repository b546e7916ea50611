// Which server test files open a database: the PostgreSQL run (vitest.config.ts) runs only those, since
// the others cannot differ by database; harness.ts refuses a database to a file this does not name.
import fs from 'node:fs';
import path from 'node:path';

/** A call that opens a test database (harness.ts, db/client.ts) or a server process on one (server-process.ts). */
const OPENS_DATABASE = /\b(?:createTestApp|createTestDatabase|createDatabase|spawnServer)\(/;

/** A file's own imports (not `import type`) of a test helper: `*.fixtures.ts` or a file under `src/test/`. */
function helpersOf(file: string, text: string): string[] {
  return [...text.matchAll(/^import (?!type )[^;]*?from '(\.[^']+)'/gms)]
    .map((match) => path.resolve(path.dirname(file), match[1] as string))
    .filter(
      (helper) =>
        helper.endsWith('.fixtures.ts') || helper.includes(`${path.sep}src${path.sep}test${path.sep}`),
    );
}

/** Whether a test file, or a test helper it imports, makes one of the calls in OPENS_DATABASE. */
export function opensDatabase(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !fs.existsSync(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  return OPENS_DATABASE.test(text) || helpersOf(file, text).some((helper) => opensDatabase(helper, seen));
}

/** The server's test files that open a database, relative to `root` (the repository), `*.pglite.test.ts` left out. */
export function serverDatabaseTests(root: string): string[] {
  const dir = path.join(root, 'apps/server/src');
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts') && !name.endsWith('.pglite.test.ts'))
    .filter((name) => opensDatabase(path.join(dir, name)))
    .map((name) => path.posix.join('apps/server/src', name.split(path.sep).join('/')));
}
