import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Connection secrets at rest: AES-256-GCM under a key derived (HKDF) from the server's one secret
 * (GATEWAY_SECRET_KEY or the data directory's key file), a fresh nonce per write, and the account
 * and integration as associated data, so a ciphertext copied into another row does not open.
 * Stored form, as gateway credentials: `v1.<nonce>.<tag>.<ciphertext>` (base64url parts).
 */
export type SecretsBox = {
  seal(scope: SecretScope, secrets: Record<string, string>): string;
  open(scope: SecretScope, sealed: string): Record<string, string>;
};
export type SecretScope = { accountId: number; integrationId: number };

export function createSecretsBox(serverSecret: Buffer): SecretsBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'funnelwork', 'integration-secrets/v1', 32));
  const aad = ({ accountId, integrationId }: SecretScope) =>
    Buffer.from(`funnelwork/user-integration/${accountId}/${integrationId}`);
  return {
    seal(scope, secrets) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(aad(scope));
      const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(scope, sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined) {
        throw new Error('Stored integration secrets are in an unknown format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(aad(scope));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(text.toString('utf8')) as Record<string, string>;
    },
  };
}
