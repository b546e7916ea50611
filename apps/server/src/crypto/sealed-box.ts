import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (gateway credentials, integration secrets, hook signing secrets, DKIM keys):
 * AES-256-GCM, a fresh 96-bit nonce per write, and associated data naming the row's owner, so a
 * ciphertext copied into another account's row does not open. Stored form:
 * `v1.<nonce>.<tag>.<ciphertext>` (base64url parts).
 */
export type SealedBox = {
  seal(text: string, associatedData: string): string;
  /** Throws when `sealed` is not this format, or was sealed under another key or associated data. */
  open(sealed: string, associatedData: string): string;
};

const VERSION = 'v1';

/** A key of its own for each use (`info`), derived (HKDF-SHA256) from the server's one secret. */
export function deriveKey(serverSecret: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'funnelwork', info, 32));
}

export function createSealedBox(key: Buffer, what = 'secret'): SealedBox {
  if (key.length !== 32) throw new Error(`The ${what} key must be 32 bytes`);
  return {
    seal(text, associatedData) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(associatedData));
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, associatedData) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined) {
        throw new Error(`Stored ${what} is in an unknown format`);
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(associatedData));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
