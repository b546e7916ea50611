import { z } from 'zod';
import { dataAnswer, dataBody, listAnswer } from '../shared/envelope.ts';
import { blankAsAbsent, idQuery, idValue, pageQuery, queryText, requiredText } from '../shared/inputs.ts';

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
