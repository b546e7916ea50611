import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';
import { accounts, users } from './schema/index.ts';

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The data part of a migration: its statements without those `schema` matches (the table changes, which
 * the test database has already), in order. A test runs them on data as the code before it left it.
 */
export async function migrationData(file: string, schema: RegExp): Promise<string[]> {
  const text = await readFile(path.join(migrations, file), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => !schema.test(s));
}

/** A user and the account it owns: the least a migration's data needs. Answers the account's id. */
export async function ownerAccount(db: Db): Promise<number> {
  const [user] = await db.insert(users).values({ email: 'owner@shop.test', passwordHash: 'x' }).returning();
  const [account] = await db
    .insert(accounts)
    .values({ name: 'shop', ownerUserId: user?.id ?? 0 })
    .returning();
  return account?.id as number;
}
