import { dataAnswer, mailMessageSchema } from '@funnelwork/domain';
import { isAdmin } from '@funnelwork/domain/rules';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { mailMessages, users } from '../../db/schema/index.ts';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';

/**
 * The Mailbox: mail addressed to the signed-in user, plus (for admins) what the account sent.
 * Without SMTP_URL this is how mail reaches people, so a reset code is readable offline.
 */
export function mailboxRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/mailbox',
    { schema: { tags: ['mail'], response: { 200: dataAnswer(z.array(mailMessageSchema)) } } },
    async (request) => {
      const accountId = accountIdOf(request);
      const [user] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, sessionOf(request).userId));
      const mine = sql`lower(${mailMessages.to}) = ${user?.email.toLowerCase() ?? ''}`;
      const admin = isAdmin({ permissions: JSON.stringify(request.membership?.permissions ?? null) });
      const rows = await db
        .select()
        .from(mailMessages)
        .where(admin ? or(mine, eq(mailMessages.accountId, accountId)) : mine)
        .orderBy(desc(mailMessages.id))
        .limit(200);
      return {
        data: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          status: m.status,
          created_at: new Date(m.createdAt).toISOString(),
        })),
      };
    },
  );
}
