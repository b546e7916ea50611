import { z } from 'zod';
import { dataBody } from '../shared/envelope.ts';
import { blankAsAbsent, idQuery, idValue, jsonObject, requiredText } from '../shared/inputs.ts';

const timestamp = z.string();

/* ----------------------------------------------------------------------------------------------
 * Saved assets and compositions, each in groups: a merchant saves a block, row or section
 * (an asset) or a run of sections (a composition) and places it again on any page.
 * -------------------------------------------------------------------------------------------- */

export const LIBRARY_KINDS = ['saved-assets', 'compositions'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

export const libraryGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  items_count: z.number().int(),
  created_at: timestamp,
});
export const libraryGroupBodySchema = dataBody(z.object({ name: requiredText('Name', 100) }));

export const libraryItemSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int().nullable(),
  name: z.string(),
  /** 'section', 'row' or a block type for an asset; 'sections' for a composition. */
  node_type: z.string(),
  /** The saved part of a document: its nodes with their ids, as the editor placed them. */
  config: z.record(z.string(), z.unknown()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;
export const libraryQuerySchema = z.object({ group_id: blankAsAbsent(idQuery()) });
export const createLibraryItemBodySchema = dataBody(
  z.object({
    name: requiredText('Name', 200),
    group_id: idValue().nullable().optional(),
    node_type: requiredText('Node type', 40),
    config: jsonObject(),
  }),
);
export const patchLibraryItemBodySchema = dataBody(
  z.object({
    name: requiredText('Name', 200).optional(),
    group_id: idValue().nullable().optional(),
    config: jsonObject().optional(),
  }),
);
