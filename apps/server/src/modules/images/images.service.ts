import { randomBytes } from 'node:crypto';
import {
  IMAGE_TYPE_MESSAGE,
  IMAGE_TYPES,
  type Image,
  type ImageFolder,
  type ImageType,
} from '@funnelwork/domain';
import { and, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { Db } from '../../db/client.ts';
import { iso, likePattern, ownedBy } from '../../db/query-helpers.ts';
import { imageFolders, images } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import type { FileStorage } from '../../storage/storage.ts';

type ImageRow = typeof images.$inferSelect;

/** The name shown in the library: the uploaded file's name without folders, or 'image'. */
export function displayName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
  return clean || 'image';
}

export function createImagesService({ db, storage }: { db: Db; storage: FileStorage }) {
  const imageOut = (row: ImageRow): Image => ({
    id: row.id,
    folder_id: row.folderId,
    name: row.name,
    image_url: storage.urlOf(row.storageKey),
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    created_at: iso(row.createdAt),
  });

  async function findImage(accountId: number, id: number) {
    const [row] = await db
      .select()
      .from(images)
      .where(and(ownedBy(images, accountId), eq(images.id, id)));
    if (!row) throw notFound('Image');
    return row;
  }

  async function findFolder(accountId: number, id: number) {
    const [row] = await db
      .select()
      .from(imageFolders)
      .where(and(ownedBy(imageFolders, accountId), eq(imageFolders.id, id)));
    if (!row) throw notFound('Image folder');
    return row;
  }

  /** The account's image folders with their image counts, in one statement (all, or the one `id`). */
  async function foldersOf(accountId: number, id?: number): Promise<ImageFolder[]> {
    const rows = await db
      .select({
        id: imageFolders.id,
        name: imageFolders.name,
        createdAt: imageFolders.createdAt,
        n: sql`(select count(*) from images i where i.account_id = "image_folders"."account_id" and i.folder_id = "image_folders"."id")`.mapWith(
          Number,
        ),
      })
      .from(imageFolders)
      .where(and(ownedBy(imageFolders, accountId), id !== undefined ? eq(imageFolders.id, id) : undefined))
      .orderBy(imageFolders.name, imageFolders.id);
    return rows.map((r) => ({ id: r.id, name: r.name, images_count: r.n, created_at: iso(r.createdAt) }));
  }

  async function folderOut(accountId: number, id: number): Promise<ImageFolder> {
    const [folder] = await foldersOf(accountId, id);
    if (!folder) throw notFound('Image folder');
    return folder;
  }

  return {
    async list(
      accountId: number,
      filter: { page: number; per_page: number; folder_id?: number; query?: string },
    ) {
      const where = and(
        ownedBy(images, accountId),
        filter.folder_id === undefined
          ? undefined
          : filter.folder_id === 0
            ? isNull(images.folderId)
            : eq(images.folderId, filter.folder_id),
        filter.query ? ilike(images.name, likePattern(filter.query)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(images)
          .where(where)
          .orderBy(desc(images.id))
          .limit(filter.per_page)
          .offset((filter.page - 1) * filter.per_page),
        db.select({ n: count() }).from(images).where(where),
      ]);
      return { items: rows.map(imageOut), count: total?.n ?? 0 };
    },

    get: async (accountId: number, id: number) => imageOut(await findImage(accountId, id)),

    /**
     * Stores an upload after checking what its bytes are (not what its name or the browser claims):
     * JPEG, PNG, GIF or WebP only. SVG is refused: it can carry scripts.
     */
    async upload(accountId: number, file: { bytes: Buffer; fileName?: string; folderId?: number }) {
      const detected = await fileTypeFromBuffer(file.bytes);
      const type = detected?.mime as ImageType | undefined;
      if (!type || !(type in IMAGE_TYPES))
        throw new HttpError(415, IMAGE_TYPE_MESSAGE, 'unsupported_media_type', 'file');
      if (file.folderId !== undefined) await findFolder(accountId, file.folderId);
      let width: number | null = null;
      let height: number | null = null;
      try {
        const size = imageSize(file.bytes);
        width = size.width ?? null;
        height = size.height ?? null;
      } catch {
        throw new HttpError(415, IMAGE_TYPE_MESSAGE, 'unsupported_media_type', 'file');
      }
      const key = `${accountId}/${randomBytes(12).toString('hex')}.${IMAGE_TYPES[type]}`;
      await storage.put(key, file.bytes, type);
      try {
        const [row] = await db
          .insert(images)
          .values({
            accountId,
            folderId: file.folderId ?? null,
            name: displayName(file.fileName),
            storageKey: key,
            contentType: type,
            sizeBytes: file.bytes.length,
            width,
            height,
          })
          .returning();
        return imageOut(row as ImageRow);
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
    },

    async patch(accountId: number, id: number, input: { name?: string; folder_id?: number | null }) {
      await findImage(accountId, id);
      if (input.folder_id) await findFolder(accountId, input.folder_id);
      const [row] = await db
        .update(images)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.folder_id !== undefined && { folderId: input.folder_id }),
        })
        .where(and(ownedBy(images, accountId), eq(images.id, id)))
        .returning();
      return imageOut(row as ImageRow);
    },

    /** Removes the row first, then the file: a failed file removal leaves an orphan file, never a broken image. */
    async remove(accountId: number, id: number) {
      const row = await findImage(accountId, id);
      await db.delete(images).where(and(ownedBy(images, accountId), eq(images.id, id)));
      await storage.delete(row.storageKey);
    },

    /** The file behind `/media/{key}` with its type, or null. Keys are unguessable; images are public. */
    async media(key: string) {
      const [row] = await db
        .select({ contentType: images.contentType })
        .from(images)
        .where(eq(images.storageKey, key));
      if (!row) return null;
      const file = await storage.get(key);
      return file ? { ...file, contentType: row.contentType } : null;
    },

    listFolders: (accountId: number) => foldersOf(accountId),

    async createFolder(accountId: number, name: string) {
      const [row] = await db
        .insert(imageFolders)
        .values({ accountId, name })
        .returning({ id: imageFolders.id });
      return folderOut(accountId, row?.id as number);
    },

    async renameFolder(accountId: number, id: number, name: string) {
      await findFolder(accountId, id);
      await db
        .update(imageFolders)
        .set({ name })
        .where(and(ownedBy(imageFolders, accountId), eq(imageFolders.id, id)));
      return folderOut(accountId, id);
    },

    /** Deleting a folder keeps its images: they move out of it (to no folder). */
    async removeFolder(accountId: number, id: number) {
      await findFolder(accountId, id);
      await db.transaction(async (tx) => {
        await tx
          .update(images)
          .set({ folderId: null })
          .where(and(ownedBy(images, accountId), eq(images.folderId, id)));
        await tx.delete(imageFolders).where(and(ownedBy(imageFolders, accountId), eq(imageFolders.id, id)));
      });
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
