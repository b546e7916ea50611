import { createSealedBox, deriveKey } from '../../crypto/sealed-box.ts';

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
  const box = createSealedBox(deriveKey(serverSecret, 'integration-secrets/v1'), 'integration secrets');
  const aad = ({ accountId, integrationId }: SecretScope) =>
    `funnelwork/user-integration/${accountId}/${integrationId}`;
  return {
    seal: (scope, secrets) => box.seal(JSON.stringify(secrets), aad(scope)),
    open: (scope, sealed) => JSON.parse(box.open(sealed, aad(scope))) as Record<string, string>,
  };
}
