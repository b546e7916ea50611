import { z } from 'zod';

/* Mailbox: the messages the product sent, shown when no SMTP server is set. */

export const mailMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

/** One message opened: its HTML part too (null for a text-only message), shown in a sandboxed frame. */
export const mailMessageDetailSchema = mailMessageSchema.extend({ html: z.string().nullable() });
export type MailMessageDetail = z.infer<typeof mailMessageDetailSchema>;
