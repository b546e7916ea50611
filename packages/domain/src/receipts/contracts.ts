import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { idValue, isStorableText } from '../shared/inputs.ts';
import { RECEIPT_KIND_VALUES, RECEIPT_SUBJECT_MAX } from './rules.ts';

export const receiptKindParamsSchema = z.object({
  kind: z.enum(RECEIPT_KIND_VALUES, { error: `must be one of ${RECEIPT_KIND_VALUES.join(', ')}` }),
});

/** One receipt as the settings show it: on or off, its subject and which design it sends. */
export const receiptSchema = z.object({
  kind: z.enum(RECEIPT_KIND_VALUES),
  name: z.string(),
  enabled: z.boolean(),
  /** The merchant's subject, or null for `default_subject`; merge tags work here too. */
  subject: z.string().nullable(),
  default_subject: z.string(),
  /** The merchant's design from the e-mail editor, or null for the built-in one. */
  email_template_id: z.number().int().nullable(),
  email_template_name: z.string().nullable(),
  /** The author of that design: the e-mail editor's route names the template's user. */
  email_template_user_id: z.number().int().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptsAnswerSchema = dataAnswer(z.array(receiptSchema));
export const receiptAnswerSchema = dataAnswer(receiptSchema);

/** `PUT receipts/{kind}`: any of the three; a null subject or template goes back to the default. */
export const updateReceiptBodySchema = dataBody(
  z.object({
    enabled: z.boolean().optional(),
    subject: z
      .string()
      .trim()
      .min(1, 'may not be blank')
      .max(RECEIPT_SUBJECT_MAX, `must be at most ${RECEIPT_SUBJECT_MAX} characters`)
      .refine(isStorableText, 'may not hold NUL characters or broken Unicode')
      .nullable()
      .optional(),
    email_template_id: idValue().nullable().optional(),
  }),
);
