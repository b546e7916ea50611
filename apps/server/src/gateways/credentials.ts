import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ownedBy } from '../db/query-helpers.ts';
import { userGateways } from '../db/schema/index.ts';
import type { GatewayCredentials } from './types.ts';

/**
 * Gateway credentials at rest: AES-256-GCM, a fresh 96-bit nonce per write, and the account and
 * gateway as associated data, so a ciphertext copied into another account's row does not decrypt.
 * Stored form: `v1.<nonce>.<tag>.<ciphertext>` (base64url parts).
 */
const VERSION = 'v1';
export const KEY_FILE_NAME = 'gateway-secret.key';

export type CredentialScope = { accountId: number; gatewayId: number };

export type CredentialCipher = {
  encrypt(credentials: GatewayCredentials, scope: CredentialScope): string;
  decrypt(stored: string, scope: CredentialScope): GatewayCredentials;
};

const associatedData = ({ accountId, gatewayId }: CredentialScope) =>
  Buffer.from(`funnelwork/user-gateway/${accountId}/${gatewayId}`);

export function createCredentialCipher(key: Buffer): CredentialCipher {
  if (key.length !== 32) throw new Error('The gateway credentials key must be 32 bytes');
  return {
    encrypt(credentials, scope) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(associatedData(scope));
      const body = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    decrypt(stored, scope) {
      const [version, nonce, tag, body] = stored.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined) {
        throw new Error('Stored gateway credentials are in an unknown format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(associatedData(scope));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(text.toString('utf8')) as GatewayCredentials;
    },
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
  return Buffer.from(hkdfSync('sha256', secret, 'funnelwork', 'gateway-credentials/v1', 32));
}

let processCipher: CredentialCipher | null = null;

/** Set once at boot (`buildApp`): the cipher every credentials read and write uses. */
export function installCredentialCipher(cipher: CredentialCipher): void {
  processCipher = cipher;
}

export function credentialCipher(): CredentialCipher {
  if (!processCipher) throw new Error('Gateway credentials key is not configured');
  return processCipher;
}

/**
 * The decrypted credentials of the account's connected gateway of this kind, or null when the
 * account has none connected (or it is switched off). For the checkout and refund code; the result
 * must never be logged or answered.
 */
export async function loadGatewayCredentials(
  db: Db,
  accountId: number,
  gatewayId: number,
): Promise<GatewayCredentials | null> {
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
  return credentialCipher().decrypt(row.ciphertext, { accountId, gatewayId });
}
