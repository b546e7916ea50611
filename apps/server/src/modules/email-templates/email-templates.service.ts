import { type EditorDocument, EMAIL_DESIGNS, emailDesign } from '@funnelwork/blocks';
import { type CompiledEmail, compileEmail, personaliseEmail } from '@funnelwork/blocks/email';
import {
  blockChanges,
  type EmailTemplate,
  type EmailTemplateOrderPreview,
  type EmailTemplateVersion,
  type EmailTemplateVersionDetail,
  type SharedEmailTemplate,
  VERSIONS_KEPT,
} from '@funnelwork/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iso, ownedBy } from '../../db/query-helpers.ts';
import { emailTemplates, emailTemplateVersions, members, users } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { receiptOrderOf } from '../receipts/receipts.queries.ts';
import { receiptValues } from '../receipts/receipts.values.ts';
import { checkedDocument } from '../steps/page-documents.ts';
import { compiledDocument, mergeSource, previewKeyMatches, previewUrl } from './email-templates.compile.ts';

type Row = typeof emailTemplates.$inferSelect;

/** `config` is JSON text of an e-mail editor document; anything else is refused naming the place. */
export function checkedEmailConfig(config: string): EditorDocument {
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
  return document as unknown as EditorDocument;
}

/**
 * The saved columns of a template's document: the config as sent, its compile (with the template's
 * own CSS), and `html` as the compile's HTML part (merge tags kept). The document is the source of
 * truth: a client's `html` is not stored.
 */
async function compiledColumns(config: string, css: string, assetBase: string) {
  const compiled = await compiledDocument(checkedEmailConfig(config), css, assetBase);
  return { config, compiled, html: mergeSource(compiled.html) };
}

/** What the shared designs' thumbnails show for their merge tags. */
const SAMPLE_VALUES = {
  first_name: 'Alex',
  order_number: '1042',
  order_total: '$89.00',
  product_name: 'Yoga mat',
};

/** The shared designs with their thumbnails, made on first use (one compile per design and process). */
let sharedList: Promise<SharedEmailTemplate[]> | null = null;

/**
 * Users' e-mail templates in the selected account ("email templates for users"). The user in the path
 * must be a member of the account; the automations' e-mail editor lists, saves and deletes them.
 */
export function createEmailTemplatesService({
  db,
  mailer,
  previewKey,
  publicUrl,
}: {
  db: Db;
  mailer: Mailer;
  /** The preview links' HMAC key (`previewKeyFrom` the server's secret key). */
  previewKey: Buffer;
  /** The app's public address: the e-mails' social icons are served under it. */
  publicUrl: string;
}) {
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
    preview_url: previewUrl(previewKey, row.id, row.userId),
  });

  /** The stored compile; a row saved before compiles were stored is compiled once and keeps it. */
  async function compiledOf(row: Row): Promise<CompiledEmail> {
    if (row.compiled) return row.compiled;
    const { compiled, html } = await compiledColumns(row.config, row.css, publicUrl);
    // Only if no save came in between: a newer save stored its own compile.
    await db
      .update(emailTemplates)
      .set({ compiled, html })
      .where(
        and(
          eq(emailTemplates.id, row.id),
          eq(emailTemplates.config, row.config),
          eq(emailTemplates.css, row.css),
          isNull(emailTemplates.compiled),
        ),
      );
    return compiled;
  }

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

  /** Keeps the row's saved design as its newest version; versions beyond the newest VERSIONS_KEPT go. */
  async function keepVersion(tx: Db, row: Row, savedBy: number) {
    await tx.insert(emailTemplateVersions).values({
      accountId: row.accountId,
      templateId: row.id,
      userId: savedBy,
      content: { name: row.name, config: row.config, css: row.css, html: row.html },
    });
    await tx.execute(sql`
      delete from email_template_versions where account_id = ${row.accountId} and template_id = ${row.id}
      and id not in (select id from email_template_versions where account_id = ${row.accountId}
        and template_id = ${row.id} order by id desc limit ${VERSIONS_KEPT})`);
  }

  const parsedConfig = (config: string): unknown => {
    try {
      return JSON.parse(config);
    } catch {
      return null;
    }
  };

  const service = {
    async list(accountId: number, userId: number) {
      await requireMember(accountId, userId);
      const rows = await db
        .select()
        .from(emailTemplates)
        .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.userId, userId)))
        .orderBy(desc(emailTemplates.updatedAt), desc(emailTemplates.id));
      return rows.map(out);
    },

    /**
     * The shared e-mail templates (issue 20): the designs in code every account can start from, each
     * with its thumbnail's HTML (compiled once per process, filled with sample values).
     */
    shared(): Promise<SharedEmailTemplate[]> {
      if (!sharedList) {
        sharedList = Promise.all(
          EMAIL_DESIGNS.map(async (design) => {
            const document = design.document();
            return {
              id: design.id,
              name: design.name,
              description: design.description,
              tags: design.tags,
              config: JSON.stringify(document),
              preview_html: personaliseEmail(
                await compileEmail(document, { assetBase: publicUrl }),
                SAMPLE_VALUES,
              ).html,
            };
          }),
        );
        sharedList.catch(() => {
          sharedList = null;
        });
      }
      return sharedList;
    },

    /**
     * "Start from a shared template": the user's own template, a copy of the design's document (compiled
     * on create like any save), named as the design unless a name is given.
     */
    async startFromShared(
      accountId: number,
      userId: number,
      input: { sharedId: string; name?: string },
      savedBy = userId,
    ) {
      const design = emailDesign(input.sharedId);
      if (!design) {
        throw new HttpError(404, 'Shared e-mail template not found', 'not_found', 'data.shared_id');
      }
      return service.create(
        accountId,
        userId,
        {
          name: input.name ?? design.name,
          html: '',
          css: '',
          tags: design.tags,
          config: JSON.stringify(design.document()),
        },
        savedBy,
      );
    },

    async get(accountId: number, userId: number, id: number) {
      return out(await find(accountId, userId, id));
    },

    async create(
      accountId: number,
      userId: number,
      input: { name: string; html: string; css: string; tags: string; config: string },
      /** The member who saves it (the template's owner unless said). */
      savedBy = userId,
    ) {
      await requireMember(accountId, userId);
      const document = await compiledColumns(input.config, input.css, publicUrl);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(emailTemplates)
          .values({
            accountId,
            userId,
            name: input.name,
            css: input.css,
            tags: input.tags,
            ...document,
          })
          .returning();
        await keepVersion(tx, row as Row, savedBy);
        return { id: (row as Row).id };
      });
    },

    async patch(
      accountId: number,
      userId: number,
      id: number,
      input: { name?: string; html?: string; css?: string; tags?: string; config?: string },
      /** The member who saves it (the template's owner unless said). */
      savedBy = userId,
    ) {
      const stored = await find(accountId, userId, id);
      const document =
        input.config !== undefined || input.css !== undefined
          ? await compiledColumns(input.config ?? stored.config, input.css ?? stored.css, publicUrl)
          : undefined;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(emailTemplates)
          .set({
            ...(input.name !== undefined && { name: input.name }),
            ...(input.css !== undefined && { css: input.css }),
            ...(input.tags !== undefined && { tags: input.tags }),
            ...document,
            updatedAt: new Date(),
          })
          .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.id, id)))
          .returning();
        // A save of the design is a version; a rename or new tags alone is not.
        const saved = row as Row;
        if (document && (saved.config !== stored.config || saved.css !== stored.css))
          await keepVersion(tx, saved, savedBy);
        return out(saved);
      });
    },

    /** The template's saves, newest first (issue 36 §2). */
    async listVersions(accountId: number, userId: number, id: number): Promise<EmailTemplateVersion[]> {
      await find(accountId, userId, id);
      const rows = await db
        .select({
          id: emailTemplateVersions.id,
          createdAt: emailTemplateVersions.createdAt,
          userId: emailTemplateVersions.userId,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(emailTemplateVersions)
        .leftJoin(users, eq(users.id, emailTemplateVersions.userId))
        .where(and(ownedBy(emailTemplateVersions, accountId), eq(emailTemplateVersions.templateId, id)))
        .orderBy(desc(emailTemplateVersions.id));
      return rows.map((r, index) => ({
        id: r.id,
        template_id: id,
        created_at: iso(r.createdAt) as string,
        user_id: r.userId,
        user_name: [r.firstName ?? '', r.lastName ?? ''].join(' ').trim(),
        current: index === 0,
      }));
    },

    /** One save with its design and what the template changed since, by block id. */
    async getVersion(
      accountId: number,
      userId: number,
      id: number,
      versionId: number,
    ): Promise<EmailTemplateVersionDetail> {
      const entry = (await service.listVersions(accountId, userId, id)).find((v) => v.id === versionId);
      if (!entry) throw notFound('Version');
      const [row] = await db
        .select({ content: emailTemplateVersions.content })
        .from(emailTemplateVersions)
        .where(and(ownedBy(emailTemplateVersions, accountId), eq(emailTemplateVersions.id, versionId)));
      if (!row) throw notFound('Version');
      const stored = await find(accountId, userId, id);
      return {
        ...entry,
        content: row.content,
        changes: blockChanges(parsedConfig(row.content.config), parsedConfig(stored.config)),
      };
    },

    /** A version's design saved again as the template (itself a new version): what automations send next. */
    async restoreVersion(accountId: number, userId: number, id: number, versionId: number, savedBy: number) {
      await find(accountId, userId, id);
      const [row] = await db
        .select({ content: emailTemplateVersions.content })
        .from(emailTemplateVersions)
        .where(
          and(
            ownedBy(emailTemplateVersions, accountId),
            eq(emailTemplateVersions.templateId, id),
            eq(emailTemplateVersions.id, versionId),
          ),
        );
      if (!row) throw notFound('Version');
      return service.patch(
        accountId,
        userId,
        id,
        { config: row.content.config, css: row.content.css },
        savedBy,
      );
    },

    async remove(accountId: number, userId: number, id: number) {
      await find(accountId, userId, id);
      await db
        .delete(emailTemplates)
        .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.id, id)));
    },

    /**
     * "Send test email: … payload recipient and email_template_id; reads success." A template of the
     * account, personalised with the signed-in member's own name and address (other tags take their
     * fallbacks), sent with its HTML and text parts and the template's name as the subject.
     */
    async sendTest(
      accountId: number,
      senderUserId: number,
      input: { recipient: string; templateId: number },
    ) {
      const [row] = await db
        .select()
        .from(emailTemplates)
        .where(and(ownedBy(emailTemplates, accountId), eq(emailTemplates.id, input.templateId)));
      if (!row) throw notFound('E-mail template');
      const [sender] = await db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, senderUserId));
      const copy = personaliseEmail(await compiledOf(row), {
        first_name: sender?.firstName,
        last_name: sender?.lastName,
        email: sender?.email,
      });
      await mailer.send({
        to: input.recipient,
        subject: row.name,
        html: copy.html,
        text: copy.text,
        accountId,
        accountServer: true,
        merchant: true,
      });
    },

    /**
     * "The preview can be filled from a real order of the account": the saved template personalised with
     * the order's merge values, the same values its receipt or an automation's e-mail gets (escaped in
     * the HTML part). Another account's order, or a deleted one, is a 404 naming `order_id`.
     */
    async previewWithOrder(
      accountId: number,
      userId: number,
      id: number,
      orderId: number,
    ): Promise<EmailTemplateOrderPreview> {
      const row = await find(accountId, userId, id);
      const found = await receiptOrderOf(db, accountId, orderId);
      if (!found) throw new HttpError(404, 'Order not found', 'not_found', 'order_id');
      const copy = personaliseEmail(await compiledOf(row), receiptValues(found.order, found.lines));
      return { order_id: found.order.id, order_number: found.order.orderNumber, ...copy };
    },

    /**
     * "Email preview link: /preview-user-template/{templateId} with query parameters uid and key": the
     * compiled HTML (merge tags at their fallbacks) only with the right key; anything else is a 404.
     */
    async preview(templateId: number, uid: string | undefined, key: string | undefined): Promise<string> {
      const userId = uid !== undefined && /^[1-9][0-9]{0,15}$/.test(uid) ? Number(uid) : null;
      if (userId === null || !previewKeyMatches(previewKey, templateId, userId, key)) {
        throw notFound('E-mail template');
      }
      const [row] = await db
        .select()
        .from(emailTemplates)
        .where(and(eq(emailTemplates.id, templateId), eq(emailTemplates.userId, userId)));
      if (!row) throw notFound('E-mail template');
      return personaliseEmail(await compiledOf(row), {}).html;
    },
  };
  return service;
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
