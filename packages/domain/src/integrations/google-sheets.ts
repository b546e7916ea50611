import { z } from 'zod';
import { dataAnswer } from '../shared/envelope.ts';
import { isStorableText } from '../shared/inputs.ts';

/**
 * The Google Sheets integration (Sheets API v4): its OAuth connect (authorization code with PKCE) and
 * the inputs and answers of its methods, `list-sheets` and `append-row`.
 */

/** The one scope asked for: read and write the spreadsheets the merchant names. */
export const GOOGLE_SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

/** Where the browser is sent back to after Google's consent screen (the dashboard route). */
export const GOOGLE_SHEETS_SCREEN_PATH = '/integrations/google-sheets';

/** The API paths of the connect: `start` answers Google's consent URL; Google redirects to `callback`. */
export const GOOGLE_OAUTH_START_PATH = 'integrations/google-sheets/oauth/start';
export const GOOGLE_OAUTH_CALLBACK_PATH = 'integrations/google-sheets/oauth/callback';

export const oauthStartAnswerSchema = dataAnswer(
  z.object({
    /** Google's consent screen; the browser goes there and comes back to the callback. */
    authorize_url: z.string(),
    expires_at: z.string(),
  }),
);

/** What Google adds to the callback address: `code` and `state`, or `error` (access_denied …) and `state`. */
export const oauthCallbackQuerySchema = z.object({
  state: z.string().max(2000, 'state is not valid').optional(),
  code: z.string().max(2000, 'code is not valid').optional(),
  error: z.string().max(200).optional(),
  scope: z.string().max(2000).optional(),
});

/** A spreadsheet id as in its URL (docs.google.com/spreadsheets/d/{id}/edit), or that whole URL. */
export const spreadsheetIdSchema = z
  .string({ error: 'spreadsheet_id is required' })
  .trim()
  .min(1, 'spreadsheet_id is required')
  .max(300, 'spreadsheet_id must be at most 300 characters')
  .transform((value) => /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(value)?.[1] ?? value)
  .refine((value) => /^[A-Za-z0-9_-]+$/.test(value), {
    message: 'spreadsheet_id is the id in the spreadsheet’s address (letters, digits, - and _)',
  });

export const listSheetsInputSchema = z.object({ spreadsheet_id: spreadsheetIdSchema });

export const SHEET_TITLE_MAX = 100;
export const ROW_CELLS_MAX = 200;
export const CELL_TEXT_MAX = 50_000;

const cellSchema = z.union([
  z
    .string()
    .max(CELL_TEXT_MAX, `values: a cell holds at most ${CELL_TEXT_MAX} characters`)
    .refine(isStorableText, 'values may not hold NUL characters'),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

export const appendRowInputSchema = z.object({
  spreadsheet_id: spreadsheetIdSchema,
  /** The sheet's title (its tab): the row goes after the last row of the table on it. */
  sheet: z
    .string({ error: 'sheet is required' })
    .min(1, 'sheet is required')
    .max(SHEET_TITLE_MAX, `sheet must be at most ${SHEET_TITLE_MAX} characters`)
    .refine(isStorableText, 'sheet may not hold NUL characters'),
  values: z
    .array(cellSchema, { error: 'values is a list of cells (text, numbers, true/false or null)' })
    .min(1, 'values: give at least one cell')
    .max(ROW_CELLS_MAX, `values: at most ${ROW_CELLS_MAX} cells`),
});
export type AppendRowInput = z.infer<typeof appendRowInputSchema>;

/** A sheet (tab) of a spreadsheet, from `spreadsheets.get` with `fields=sheets.properties`. */
export const sheetInfoSchema = z.object({
  sheet_id: z.number(),
  title: z.string(),
  index: z.number(),
  rows: z.number().nullable(),
});
export type SheetInfo = z.infer<typeof sheetInfoSchema>;
export const listSheetsAnswerSchema = z.object({
  spreadsheet_id: z.string(),
  sheets: z.array(sheetInfoSchema),
});

export const appendRowAnswerSchema = z.object({
  updated_range: z.string(),
  updated_rows: z.number(),
  updated_cells: z.number(),
});
export type AppendRowAnswer = z.infer<typeof appendRowAnswerSchema>;
