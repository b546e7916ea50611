import { z } from 'zod';
import { appendRowAnswerSchema, listSheetsAnswerSchema } from './google-sheets.ts';

/**
 * What the methods the dashboard calls answer (`call-integration-method/{id}/{method}`, whose row can only
 * say `unknown`: each method answers its own shape). The adapters' methods are typed with these, and the
 * dashboard checks each answer against its schema.
 */
export const integrationMethodAnswers = {
  /** Every adapter's check of the stored connection against the service. */
  test: z.object({ ok: z.boolean(), message: z.string() }),
  'list-sheets': listSheetsAnswerSchema,
  'append-row': appendRowAnswerSchema,
  'reveal-secret': z.object({ signing_secret: z.string() }),
  'rotate-secret': z.object({
    signing_secret: z.string(),
    previous_secret_valid_until: z.string().nullable(),
  }),
};
export type IntegrationMethodName = keyof typeof integrationMethodAnswers;
export type IntegrationMethodAnswer<M extends IntegrationMethodName> = z.output<
  (typeof integrationMethodAnswers)[M]
>;
