import { z } from 'zod';
import { dataAnswer, dataBody, listAnswer } from '../shared/envelope.ts';
import {
  blankAsAbsent,
  idQuery,
  idValue,
  jsonObject,
  pageQuery,
  queryText,
  requiredText,
  text,
} from '../shared/inputs.ts';

const timestamp = z.string();

/* ----------------------------------------------------------------------------------------------
 * Images and image folders ("Images and image-folders CRUD")
 * -------------------------------------------------------------------------------------------- */

/** The image types an upload may hold, told by the file's bytes, not its name. */
export const IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPE_MESSAGE = 'file: only JPEG, PNG, GIF and WebP images can be uploaded';
export const IMAGE_SIZE_MESSAGE = 'file: an image may be at most 10 MB';
export const IMAGE_MISSING_MESSAGE = 'file: choose an image to upload';

export const imageSchema = z.object({
  id: z.number().int(),
  folder_id: z.number().int().nullable(),
  name: z.string(),
  image_url: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: timestamp,
});
export type Image = z.infer<typeof imageSchema>;
export const imageAnswerSchema = dataAnswer(imageSchema);
export const imageListAnswerSchema = listAnswer(imageSchema);

export const imagesQuerySchema = z.object({
  ...pageQuery,
  /** Images of one folder; `0` lists the images in no folder; absent lists all. */
  folder_id: blankAsAbsent(z.union([z.literal('0').transform(() => 0), idQuery()])),
  query: blankAsAbsent(queryText(200)),
});
export const patchImageBodySchema = dataBody(
  z
    .object({ name: requiredText('Name', 200).optional(), folder_id: idValue().nullable().optional() })
    .refine((data) => data.name !== undefined || data.folder_id !== undefined, 'Give a name or a folder_id'),
);

export const imageFolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  images_count: z.number().int(),
  created_at: timestamp,
});
export type ImageFolder = z.infer<typeof imageFolderSchema>;
export const imageFolderBodySchema = dataBody(z.object({ name: requiredText('Name', 100) }));

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
