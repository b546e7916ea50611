import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * `Funnelwork-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`:
 * the timestamp inside the signed text lets receivers refuse replays of old deliveries
 * (docs/webhooks.md has the receiver's check).
 */
export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}
