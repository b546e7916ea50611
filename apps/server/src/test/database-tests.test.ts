import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { serverDatabaseTests } from './database-tests.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('the server test files the PostgreSQL run takes', () => {
  const files = serverDatabaseTests(root);

  test('names a file that opens a database itself, and one that opens it through a test helper', () => {
    expect(files).toContain('apps/server/src/db/client.test.ts');
    // Its database comes from src/test/smtp.ts.
    expect(files).toContain('apps/server/src/mail/mailer.test.ts');
    expect(files).toContain('apps/server/src/test/two-servers.postgres.test.ts');
  });

  test('leaves out files that cannot differ by database, and those only the PGlite run takes', () => {
    expect(files).not.toContain('apps/server/src/config.test.ts');
    expect(files).not.toContain('apps/server/src/gateways/stripe.test.ts');
    expect(files).not.toContain('apps/server/src/test/database-tests.test.ts');
    expect(files.some((file) => file.endsWith('.pglite.test.ts'))).toBe(false);
  });
});
