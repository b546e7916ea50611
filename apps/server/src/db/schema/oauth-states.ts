import { bigint, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, members } from './accounts.ts';
import { createdAt, id } from './columns.ts';

/**
 * One OAuth connect in progress (an integration's "Connect with Google"): the signed `state` sent to
 * the provider names this row by its nonce's hash, so the callback can use it once, before it
 * expires, for the member who started it. The PKCE verifier is derived from the nonce with a server
 * key (modules/integrations/oauth-state.ts), so nothing secret is stored here.
 */
export const integrationOauthStates = pgTable(
  'integration_oauth_states',
  {
    id: id(),
    accountId: accountId(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The catalogue id (`INTEGRATIONS` in packages/domain/src/integrations/catalogue.ts). */
    integrationId: smallint('integration_id').notNull(),
    /** SHA-256 (hex) of the state's nonce. */
    nonceHash: text('nonce_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the callback that used it; a second use is refused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('integration_oauth_states_nonce_idx').on(t.nonceHash),
    index('integration_oauth_states_account_idx').on(t.accountId),
  ],
);
