import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createCredentialCipher, KEY_FILE_NAME, keyFromDataDir } from './credentials.ts';

const secret = { secret_key: 'sk_test_51SuperSecretValue' };
const scope = { accountId: 7, gatewayId: 1 };
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-key-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('credential cipher (AES-256-GCM)', () => {
  const cipher = createCredentialCipher(randomBytes(32));

  it('round-trips credentials and never stores them readable', () => {
    const stored = cipher.encrypt(secret, scope);
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('SuperSecret');
    expect(Buffer.from(stored.split('.')[3] ?? '', 'base64url').toString('latin1')).not.toContain(
      'SuperSecret',
    );
    expect(cipher.decrypt(stored, scope)).toEqual(secret);
  });

  it('uses a fresh nonce each time', () => {
    expect(cipher.encrypt(secret, scope)).not.toBe(cipher.encrypt(secret, scope));
  });

  it('refuses a ciphertext of another account or gateway, a changed one, and another key', () => {
    const stored = cipher.encrypt(secret, scope);
    expect(() => cipher.decrypt(stored, { accountId: 8, gatewayId: 1 })).toThrow();
    expect(() => cipher.decrypt(stored, { accountId: 7, gatewayId: 14 })).toThrow();
    const parts = stored.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'), scope)).toThrow();
    expect(() => createCredentialCipher(randomBytes(32)).decrypt(stored, scope)).toThrow();
  });

  it('takes only a 32-byte key', () => {
    expect(() => createCredentialCipher(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('the key when GATEWAY_SECRET_KEY is unset', () => {
  it('creates a secret file under DATA_DIR once, readable by its owner only, and derives the same key from it', () => {
    const dir = tempDir();
    const first = keyFromDataDir(dir);
    const file = path.join(dir, KEY_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = keyFromDataDir(dir);
    expect(second.equals(first)).toBe(true);
    expect(first).toHaveLength(32);
    // The key is derived, not the file's bytes.
    expect(first.equals(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'))).toBe(false);
  });

  it('refuses a secret file others can read', () => {
    const dir = tempDir();
    keyFromDataDir(dir);
    fs.chmodSync(path.join(dir, KEY_FILE_NAME), 0o644);
    expect(() => keyFromDataDir(dir)).toThrow('chmod 600');
  });
});

describe('GATEWAY_SECRET_KEY', () => {
  it('is read as 32 bytes of base64 and refused otherwise', () => {
    const key = randomBytes(32);
    expect(loadConfig({ GATEWAY_SECRET_KEY: key.toString('base64') }).gatewaySecretKey?.equals(key)).toBe(
      true,
    );
    expect(() => loadConfig({ GATEWAY_SECRET_KEY: randomBytes(16).toString('base64') })).toThrow(
      'Invalid setting GATEWAY_SECRET_KEY',
    );
    expect(loadConfig({}).gatewaySecretKey).toBeUndefined();
  });
});
