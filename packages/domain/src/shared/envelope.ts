import { z } from 'zod';
import { idQuery } from './inputs.ts';

/** Request bodies wrapped as `{data: ...}`, as the spec's calls send them. */
export const dataBody = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
/** Answers are `{data: ...}`. */
export const dataAnswer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export const listMetaSchema = z.object({
  count: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
});
export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: listMetaSchema });

export const errorAnswerSchema = z.object({
  error: z.object({
    message: z.string(),
    code: z.string(),
    status: z.number().int(),
    field: z.string().optional(),
  }),
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

export const idParamsSchema = z.object({
  id: idQuery(),
});
export const okAnswerSchema = z.object({ data: z.object({ success: z.literal(true) }) });
/** The empty answer of a 204. */
export const noContentAnswerSchema = z.null().describe('No content');
