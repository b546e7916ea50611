import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { requiredText } from '../shared/inputs.ts';

const timestamp = z.string();

/* ----------------------------------------------------------------------------------------------
 * Domains
 * -------------------------------------------------------------------------------------------- */

export const domainSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['pending', 'verified', 'failed']),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  /** The DNS record that proves the domain is the merchant's. */
  verification: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  last_checked_at: z.string().nullable(),
  last_error: z.string().nullable(),
  funnels_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Domain = z.infer<typeof domainSchema>;
export const domainBodySchema = dataBody(z.object({ name: requiredText('Domain', 300) }));
export const domainValidationAnswerSchema = dataAnswer(
  z.object({ valid: z.boolean(), name: z.string(), message: z.string().nullable() }),
);
