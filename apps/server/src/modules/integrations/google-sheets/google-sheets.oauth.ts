import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import { deriveKey } from '../../../crypto/sealed-box.ts';
import type { Db } from '../../../db/client.ts';
import { integrationOauthStates } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';

/**
 * The `state` of an OAuth connect: `<payload>.<signature>`, the payload (base64url JSON) naming a fresh
 * nonce, the account, the member who started it, the integration and its expiry, signed with
 * HMAC-SHA256 under a key derived from the server's secret. Its row (integration_oauth_states) makes it
 * single-use. The PKCE code_verifier is derived from the nonce with a second key, so it never leaves
 * the server, is never stored, and the callback can recompute it (RFC 7636, S256).
 */
export type OAuthStart = { state: string; codeChallenge: string; expiresAt: Date };
export type OAuthGrantOwner = { accountId: number; memberId: number; codeVerifier: string };

const payloadSchema = z.object({
  n: z.string().min(16).max(64),
  a: z.number().int().positive(),
  m: z.number().int().positive(),
  i: z.number().int().positive(),
  e: z.number().int(),
});

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
/** S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export const codeChallengeOf = (verifier: string) =>
  createHash('sha256').update(verifier).digest('base64url');

const refused = (message: string) => new HttpError(400, `state: ${message}`, 'validation_error', 'state');

export function createOAuthStates({
  db,
  serverSecret,
  ttlMs,
}: {
  db: Db;
  serverSecret: Buffer;
  ttlMs: number;
}) {
  const signKey = deriveKey(serverSecret, 'integration-oauth-state/v1');
  const verifierKey = deriveKey(serverSecret, 'integration-oauth-pkce/v1');
  const sign = (payload: string) => createHmac('sha256', signKey).update(payload).digest();
  /** 43 characters of [A-Za-z0-9_-]: the shortest verifier RFC 7636 allows, with 256 bits. */
  const verifierOf = (nonce: string) => createHmac('sha256', verifierKey).update(nonce).digest('base64url');

  return {
    async start(owner: { accountId: number; memberId: number; integrationId: number }): Promise<OAuthStart> {
      const nonce = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      // Rows of connects that were never finished go once they are a day past their expiry.
      await db
        .delete(integrationOauthStates)
        .where(
          and(
            eq(integrationOauthStates.accountId, owner.accountId),
            lt(integrationOauthStates.expiresAt, new Date(Date.now() - 86_400_000)),
          ),
        );
      await db.insert(integrationOauthStates).values({ ...owner, nonceHash: sha256Hex(nonce), expiresAt });
      const payload = Buffer.from(
        JSON.stringify({
          n: nonce,
          a: owner.accountId,
          m: owner.memberId,
          i: owner.integrationId,
          e: expiresAt.getTime(),
        }),
      ).toString('base64url');
      return {
        state: `${payload}.${sign(payload).toString('base64url')}`,
        codeChallenge: codeChallengeOf(verifierOf(nonce)),
        expiresAt,
      };
    },

    /**
     * Uses `state` once for `integrationId`: answers who started the connect and the code_verifier, or
     * refuses (400) a state that is forged, for another integration, expired or already used.
     */
    async consume(state: string, integrationId: number): Promise<OAuthGrantOwner> {
      const [payload, signature, ...rest] = state.split('.');
      if (!payload || !signature || rest.length > 0) throw refused('is not valid');
      const expected = sign(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw refused('is not valid');
      }
      let parsed: z.infer<typeof payloadSchema>;
      try {
        parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      } catch {
        throw refused('is not valid');
      }
      if (parsed.i !== integrationId) throw refused('is not valid');
      const now = new Date();
      if (parsed.e <= now.getTime()) throw refused('has expired; connect again');
      const nonceHash = sha256Hex(parsed.n);
      const [row] = await db
        .update(integrationOauthStates)
        .set({ usedAt: now })
        .where(
          and(
            eq(integrationOauthStates.nonceHash, nonceHash),
            eq(integrationOauthStates.accountId, parsed.a),
            eq(integrationOauthStates.memberId, parsed.m),
            eq(integrationOauthStates.integrationId, parsed.i),
            isNull(integrationOauthStates.usedAt),
            gt(integrationOauthStates.expiresAt, now),
          ),
        )
        .returning();
      if (!row) {
        const [seen] = await db
          .select()
          .from(integrationOauthStates)
          .where(eq(integrationOauthStates.nonceHash, nonceHash));
        if (seen?.usedAt) throw refused('was already used; connect again');
        if (seen) throw refused('has expired; connect again');
        throw refused('is not valid');
      }
      return { accountId: row.accountId, memberId: row.memberId, codeVerifier: verifierOf(parsed.n) };
    },
  };
}
export type OAuthStates = ReturnType<typeof createOAuthStates>;
