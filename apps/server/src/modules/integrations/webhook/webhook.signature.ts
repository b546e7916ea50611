import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret as Standard Webhooks writes it: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** How long a rotated-out secret still signs, so receivers can switch over without a gap. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** The key a `whsec_…` secret stands for (Node's base64 also reads the url-safe alphabet of older secrets). */
const keyOf = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');

/** One Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`. */
export function standardSignature(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const digest = createHmac('sha256', keyOf(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${digest}`;
}

/**
 * The Standard Webhooks headers of one delivery (standardwebhooks.com): `webhook-id` (the same on every
 * attempt), `webhook-timestamp` and `webhook-signature`, one signature per live secret separated by a
 * space, so a receiver holding either the new or the rotated-out secret verifies during the overlap.
 * `funnelwork-signature` is the earlier Stripe-style header (docs/webhooks.md), kept for receivers
 * written before; it is signed with the current secret only.
 */
export function signedHeaders({
  id,
  body,
  secrets,
  timestampSeconds = Math.floor(Date.now() / 1000),
}: {
  id: string;
  body: string;
  /** The current secret first, then a rotated-out one still in its overlap. */
  secrets: readonly string[];
  timestampSeconds?: number;
}): Record<string, string> {
  const [current = ''] = secrets;
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets
      .map((secret) => standardSignature(secret, id, timestampSeconds, body))
      .join(' '),
    'funnelwork-signature': signatureHeader(current, timestampSeconds, body),
  };
}

/**
 * `Funnelwork-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`, the
 * header before Standard Webhooks; deprecated, still sent (docs/decisions.md).
 */
export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

/** The secrets that sign now: the current one, and the rotated-out one until its overlap ends. */
export function liveSecrets(secrets: Record<string, string>, now = Date.now()): string[] {
  const current = secrets.signing_secret ?? '';
  const previous = secrets.previous_signing_secret;
  const until = Date.parse(secrets.previous_signing_secret_until ?? '');
  return previous && until > now ? [current, previous] : [current];
}

/** The sealed secrets after a rotation: a new current one, the old one kept for the overlap. */
export function rotatedSecrets(secrets: Record<string, string>, now = Date.now()): Record<string, string> {
  const { signing_secret: old, ...rest } = secrets;
  return {
    ...rest,
    signing_secret: newSigningSecret(),
    ...(old
      ? {
          previous_signing_secret: old,
          previous_signing_secret_until: new Date(now + SECRET_OVERLAP_MS).toISOString(),
        }
      : {}),
  };
}
