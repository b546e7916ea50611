import { endpoints } from '@funnelwork/domain/api/endpoints';
import { isAdmin } from '@funnelwork/domain/rules';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { mailMessages, users } from '../../db/schema/index.ts';
import { bodiesOf, type MarketingContext, messageContent } from '../../mail/mailer.ts';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { notFound } from '../../plugins/errors.ts';

const listed = {
  id: mailMessages.id,
  to: mailMessages.to,
  subject: mailMessages.subject,
  text: mailMessages.text,
  bodyId: mailMessages.bodyId,
  mergeValues: mailMessages.mergeValues,
  marketing: mailMessages.marketing,
  status: mailMessages.status,
  createdAt: mailMessages.createdAt,
};

/**
 * The Mailbox: mail addressed to the signed-in user, plus (for admins) what the account sent.
 * Without SMTP_URL this is how mail reaches people, so a reset code is readable offline.
 */
export function mailboxRoutes(
  app: FastifyInstance,
  { db, marketing }: { db: Db; marketing: MarketingContext },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The messages this user may read: addressed to them, or (an admin) sent by their account. */
  async function visible(request: FastifyRequest): Promise<SQL | undefined> {
    const accountId = accountIdOf(request);
    const [user] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, sessionOf(request).userId));
    const mine = sql`lower(${mailMessages.to}) = ${user?.email.toLowerCase() ?? ''}`;
    const admin = isAdmin({ permissions: JSON.stringify(request.membership?.permissions ?? null) });
    return admin ? or(mine, eq(mailMessages.accountId, accountId)) : mine;
  }

  r.get('/mailbox', { schema: schemaOf(endpoints.mailbox.getMailbox) }, async (request) => {
    const rows = await db
      .select(listed)
      .from(mailMessages)
      .where(await visible(request))
      .orderBy(desc(mailMessages.id))
      .limit(200);
    // Messages of a stored body: the text part is personalised here, the HTML on opening, as sent.
    const bodies = await bodiesOf(db, rows);
    return {
      data: rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: messageContent({ ...m, html: null }, bodies, marketing).text,
        status: m.status,
        created_at: new Date(m.createdAt).toISOString(),
      })),
    };
  });

  r.get(
    '/mailbox/:id',
    {
      schema: schemaOf(endpoints.mailbox.getMailboxById),
    },
    async (request) => {
      const [message] = await db
        .select({ ...listed, html: mailMessages.html })
        .from(mailMessages)
        .where(and(eq(mailMessages.id, request.params.id), await visible(request)));
      if (!message) throw notFound('Message');
      const { html, text } = messageContent(message, await bodiesOf(db, [message]), marketing);
      return {
        data: {
          id: message.id,
          to: message.to,
          subject: message.subject,
          text,
          html,
          status: message.status,
          created_at: new Date(message.createdAt).toISOString(),
        },
      };
    },
  );
}
