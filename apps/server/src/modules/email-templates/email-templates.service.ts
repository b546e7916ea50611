import type { EmailTemplate } from '@funnelwork/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { emailTemplates, members } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { checkedDocument } from '../steps/page-documents.ts';

type Row = typeof emailTemplates.$inferSelect;

const out = (row: Row): EmailTemplate => ({
  id: row.id,
  user_id: row.userId,
  name: row.name,
  html: row.html,
  css: row.css,
  tags: row.tags,
  config: row.config,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/** `config` is JSON text of an e-mail editor document; anything else is refused naming the place. */
export function checkedEmailConfig(config: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(config);
  } catch {
    throw new HttpError(400, 'data.config: is not JSON', 'validation_error', 'data.config');
  }
  const document = checkedDocument(parsed as Record<string, unknown>);
  if (document.kind !== 'email') {
    throw new HttpError(
      400,
      'data.config.kind: must be an e-mail document',
      'validation_error',
      'data.config.kind',
    );
  }
  return config;
}

/**
 * Users' e-mail templates in the selected account ("email templates for users"). The user in the path
 * must be a member of the account; the automations' e-mail editor lists, saves and deletes them.
 */
export function createEmailTemplatesService({ db }: { db: Db }) {
  async function requireMember(accountId: number, userId: number) {
    const [member] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(ownedBy(members, accountId), eq(members.userId, userId)));
    if (!member) throw notFound('User');
  }

  async function find(accountId: number, userId: number, id: number) {
    const [row] = await db
      .select()
      .from(emailTemplates)
      .where(
        and(ownedBy(emailTemplates, accountId), eq(emailTemplates.userId, userId), eq(emailTemplates.id, id)),
      );
    if (!row) throw notFound('E-mail template');
    return row;
  }

  return {
    async list(accountId: number, userId: number) {
      await requireMember(accountId, userId);
      const rows = await db
        .select()
        .from(emailTemplates)
        .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.userId, userId)))
        .orderBy(desc(emailTemplates.updatedAt), desc(emailTemplates.id));
      return rows.map(out);
    },

    async get(accountId: number, userId: number, id: number) {
      return out(await find(accountId, userId, id));
    },

    async create(
      accountId: number,
      userId: number,
      input: { name: string; html: string; css: string; tags: string; config: string },
    ) {
      await requireMember(accountId, userId);
      const config = checkedEmailConfig(input.config);
      const [row] = await db
        .insert(emailTemplates)
        .values({
          accountId,
          userId,
          name: input.name,
          html: input.html,
          css: input.css,
          tags: input.tags,
          config,
        })
        .returning({ id: emailTemplates.id });
      return { id: (row as { id: number }).id };
    },

    async patch(
      accountId: number,
      userId: number,
      id: number,
      input: { name?: string; html?: string; css?: string; tags?: string; config?: string },
    ) {
      await find(accountId, userId, id);
      const config = input.config !== undefined ? checkedEmailConfig(input.config) : undefined;
      const [row] = await db
        .update(emailTemplates)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.html !== undefined && { html: input.html }),
          ...(input.css !== undefined && { css: input.css }),
          ...(input.tags !== undefined && { tags: input.tags }),
          ...(config !== undefined && { config }),
          updatedAt: new Date(),
        })
        .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.id, id)))
        .returning();
      return out(row as Row);
    },

    async remove(accountId: number, userId: number, id: number) {
      await find(accountId, userId, id);
      await db
        .delete(emailTemplates)
        .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.id, id)));
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
