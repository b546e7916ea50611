import { z } from 'zod';
import { dataBody } from '../shared/envelope.ts';
import { blankAsAbsent, idQuery, idValue, jsonObject, requiredText, text } from '../shared/inputs.ts';

const timestamp = z.string();

/* ----------------------------------------------------------------------------------------------
 * Popups ("Popups CRUD and clone"): a page-like document shown by a show-popup link action
 * -------------------------------------------------------------------------------------------- */

export const popupSchema = z.object({
  id: z.number().int(),
  funnel_id: z.number().int().nullable(),
  name: z.string(),
  config: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  css: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Popup = z.infer<typeof popupSchema>;
export const popupBriefSchema = popupSchema.omit({ config: true, css: true });
export const popupsQuerySchema = z.object({ funnel_id: blankAsAbsent(idQuery()) });
export const createPopupBodySchema = dataBody(
  z.object({
    name: requiredText('Name', 200),
    funnel_id: idValue().nullable().optional(),
    config: jsonObject().optional(),
    css: text(200_000).optional(),
  }),
);
export const patchPopupBodySchema = dataBody(
  z.object({
    name: requiredText('Name', 200).optional(),
    config: jsonObject().optional(),
    css: text(200_000).optional(),
    /** The version the editor loaded; another one answers 409 so two tabs never overwrite each other. */
    version: z.number().int().min(1).optional(),
  }),
);
export const clonePopupBodySchema = dataBody(
  z.object({ name: requiredText('Name', 200).optional() }).optional(),
);
