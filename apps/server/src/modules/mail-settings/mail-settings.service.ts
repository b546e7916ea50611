import { createPrivateKey } from 'node:crypto';
import type { MailSettings } from '@funnelwork/domain';
import { eq } from 'drizzle-orm';
import { createSealedBox, deriveKey } from '../../crypto/sealed-box.ts';
import type { Db } from '../../db/client.ts';
import { accountMailSettings } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';

type Row = typeof accountMailSettings.$inferSelect;

/** What nodemailer takes for an account's messages. */
export type SenderOptions = {
  from?: string;
  replyTo?: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
};

const invalid = (field: string, message: string) =>
  new HttpError(400, `${field}: ${message}`, 'validation_error', field);

/** The DKIM key sealed under a key of its own, bound to the account. */
function sealer(serverSecret: Buffer) {
  const box = createSealedBox(deriveKey(serverSecret, 'account-mail/v1'), 'DKIM key');
  const aad = (accountId: number) => `funnelwork/dkim/${accountId}`;
  return {
    seal: (accountId: number, text: string) => box.seal(text, aad(accountId)),
    open: (accountId: number, sealed: string) => box.open(sealed, aad(accountId)),
  };
}

/**
 * An account's sending settings (issue 20: "DKIM signing when the account configures a key; the sender
 * name and reply-to per account"), and the nodemailer options the mail job sends its messages with.
 */
export function createMailSettingsService({
  db,
  serverSecret,
  mailFrom,
}: {
  db: Db;
  serverSecret: Buffer;
  mailFrom: string;
}) {
  const box = sealer(serverSecret);

  const out = (row: Row | undefined): MailSettings => ({
    from_name: row?.fromName ?? '',
    from_email: row?.fromEmail ?? '',
    reply_to: row?.replyTo ?? '',
    dkim_domain: row?.dkimDomain ?? '',
    dkim_selector: row?.dkimSelector ?? '',
    dkim_configured: Boolean(row?.dkimKeySealed && row.dkimDomain && row.dkimSelector),
  });

  async function find(accountId: number) {
    const [row] = await db
      .select()
      .from(accountMailSettings)
      .where(eq(accountMailSettings.accountId, accountId));
    return row;
  }

  /** The address part of MAIL_FROM ('Funnelwork <no-reply@x>' → 'no-reply@x'). */
  const defaultAddress = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;

  return {
    async get(accountId: number) {
      return out(await find(accountId));
    },

    async update(
      accountId: number,
      input: {
        from_name?: string;
        from_email?: string;
        reply_to?: string;
        dkim_domain?: string;
        dkim_selector?: string;
        dkim_private_key?: string;
      },
    ) {
      const stored = await find(accountId);
      let sealed = stored?.dkimKeySealed ?? null;
      if (input.dkim_private_key !== undefined) {
        const pem = input.dkim_private_key.trim();
        if (pem === '') sealed = null;
        else {
          try {
            const key = createPrivateKey(pem);
            if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'ed25519')
              throw new Error('type');
          } catch {
            throw invalid('data.dkim_private_key', 'is not a PEM RSA or Ed25519 private key');
          }
          sealed = box.seal(accountId, pem);
        }
      }
      const blank = (value: string | undefined, current: string | null | undefined) =>
        value === undefined ? (current ?? null) : value === '' ? null : value;
      const values = {
        fromName: blank(input.from_name, stored?.fromName),
        fromEmail: blank(input.from_email?.toLowerCase(), stored?.fromEmail),
        replyTo: blank(input.reply_to?.toLowerCase(), stored?.replyTo),
        dkimDomain: blank(input.dkim_domain?.toLowerCase(), stored?.dkimDomain),
        dkimSelector: blank(input.dkim_selector, stored?.dkimSelector),
        dkimKeySealed: sealed,
        updatedAt: new Date(),
      };
      const dkimParts = [values.dkimDomain, values.dkimSelector, values.dkimKeySealed].filter(Boolean).length;
      if (dkimParts > 0 && dkimParts < 3) {
        const missing = !values.dkimDomain
          ? 'data.dkim_domain'
          : !values.dkimSelector
            ? 'data.dkim_selector'
            : 'data.dkim_private_key';
        throw invalid(missing, 'DKIM needs a domain, a selector and a private key');
      }
      if (values.fromEmail && values.dkimDomain && !values.fromEmail.endsWith(`@${values.dkimDomain}`)) {
        throw invalid('data.from_email', `must be an address at ${values.dkimDomain}, the DKIM domain`);
      }
      await db
        .insert(accountMailSettings)
        .values({ accountId, ...values })
        .onConflictDoUpdate({ target: accountMailSettings.accountId, set: values });
      return out(await find(accountId));
    },

    /** The sender options of an account's messages (null: the server's defaults). */
    async senderOf(accountId: number): Promise<SenderOptions | null> {
      const row = await find(accountId);
      if (!row) return null;
      const address = row.fromEmail ?? defaultAddress;
      const options: SenderOptions = {};
      if (row.fromName || row.fromEmail)
        options.from = row.fromName ? `"${row.fromName}" <${address}>` : address;
      if (row.replyTo) options.replyTo = row.replyTo;
      if (row.dkimKeySealed && row.dkimDomain && row.dkimSelector) {
        options.dkim = {
          domainName: row.dkimDomain,
          keySelector: row.dkimSelector,
          privateKey: box.open(accountId, row.dkimKeySealed),
        };
      }
      return options;
    },
  };
}
export type MailSettingsService = ReturnType<typeof createMailSettingsService>;
