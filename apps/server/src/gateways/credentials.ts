import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { createSealedBox, deriveKey } from '../crypto/sealed-box.ts';
import type { Db } from '../db/client.ts';
import { ownedBy } from '../db/query-helpers.ts';
import { userGateways } from '../db/schema/index.ts';
import type { GatewayCredentials } from './types.ts';

export const KEY_FILE_NAME = 'gateway-secret.key';

export type CredentialScope = { accountId: number; gatewayId: number };

export type CredentialCipher = {
  encrypt(credentials: GatewayCredentials, scope: CredentialScope): string;
  decrypt(stored: string, scope: CredentialScope): GatewayCredentials;
};

const associatedData = ({ accountId, gatewayId }: CredentialScope) =>
  `funnelwork/user-gateway/${accountId}/${gatewayId}`;

/** Gateway credentials at rest, sealed (crypto/sealed-box.ts) and bound to the account and gateway. */
export function createCredentialCipher(key: Buffer): CredentialCipher {
  const box = createSealedBox(key, 'gateway credentials');
  return {
    encrypt: (credentials, scope) => box.seal(JSON.stringify(credentials), associatedData(scope)),
    decrypt: (stored, scope) => JSON.parse(box.open(stored, associatedData(scope))) as GatewayCredentials,
  };
}

/**
 * The key when GATEWAY_SECRET_KEY is unset: derived (HKDF-SHA256) from a random secret created once
 * in `dataDir` with mode 0600. Losing that file makes stored credentials unreadable, so a server
 * with several instances or a throw-away disk should set GATEWAY_SECRET_KEY instead.
 */
export function keyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE_NAME);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep the first secret.
    fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (process.platform !== 'win32' && (fs.statSync(file).mode & 0o077) !== 0) {
    throw new Error(`${file} must be readable by its owner only (chmod 600)`);
  }
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (secret.length < 32) throw new Error(`${file} does not hold a 32-byte secret`);
  return deriveKey(secret, 'gateway-credentials/v1');
}

/** Accounts' stored gateway credentials, opened with the app's cipher (`services.ts` builds it). */
export function createCredentialStore({ db, cipher }: { db: Db; cipher: CredentialCipher }) {
  return {
    /**
     * The decrypted credentials of the account's connected gateway of this kind, or null when the
     * account has none connected (or it is switched off). For the checkout and refund code; the result
     * must never be logged or answered.
     */
    async load(accountId: number, gatewayId: number): Promise<GatewayCredentials | null> {
      const [row] = await db
        .select({
          ciphertext: userGateways.credentialsCiphertext,
          connectedAt: userGateways.connectedAt,
          active: userGateways.active,
        })
        .from(userGateways)
        .where(and(ownedBy(userGateways, accountId), eq(userGateways.gatewayId, gatewayId)));
      if (!row || row.connectedAt === null || !row.active) return null;
      if (row.ciphertext === null) return {};
      return cipher.decrypt(row.ciphertext, { accountId, gatewayId });
    },
  };
}
export type CredentialStore = ReturnType<typeof createCredentialStore>;
