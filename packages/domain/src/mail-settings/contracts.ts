import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { isStorableText } from '../shared/inputs.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const optionalEmail = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .refine((value) => value === '' || EMAIL.test(value), 'must be an e-mail address');
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** How the account's e-mail goes out; the DKIM key is never answered, only whether one is set. */
export const mailSettingsSchema = z.object({
  from_name: z.string(),
  from_email: z.string(),
  reply_to: z.string(),
  dkim_domain: z.string(),
  dkim_selector: z.string(),
  dkim_configured: z.boolean(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;
export const mailSettingsAnswerSchema = dataAnswer(mailSettingsSchema);

/**
 * `PUT mail-settings`: '' clears a field. DKIM needs domain, selector and key together; a key of ''
 * removes it, an absent key keeps the stored one.
 */
export const updateMailSettingsBodySchema = dataBody(
  z.object({
    from_name: z
      .string()
      .trim()
      .max(100, 'must be at most 100 characters')
      .refine(
        (v) => isStorableText(v) && !/[\r\n"<>]/.test(v),
        'may not hold line breaks, quotes or angle brackets',
      )
      .optional(),
    from_email: optionalEmail.optional(),
    reply_to: optionalEmail.optional(),
    dkim_domain: z
      .string()
      .trim()
      .max(253)
      .refine((v) => v === '' || HOSTNAME.test(v), 'must be a domain name such as example.com')
      .optional(),
    dkim_selector: z
      .string()
      .trim()
      .max(63)
      .refine(
        (v) => v === '' || /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i.test(v),
        'must be a DNS label such as fw1',
      )
      .optional(),
    dkim_private_key: z.string().max(10_000, 'must be at most 10,000 characters').optional(),
  }),
);
