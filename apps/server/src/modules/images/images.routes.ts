import multipart from '@fastify/multipart';
import {
  IMAGE_MISSING_MESSAGE,
  IMAGE_SIZE_MESSAGE,
  idQuery,
  listMeta,
  MAX_IMAGE_BYTES,
} from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { HttpError } from '../../plugins/errors.ts';
import { STORAGE_KEY } from '../../storage/storage.ts';
import type { ImagesService } from './images.service.ts';

const ok = { data: { success: true as const } };
const uploadQuerySchema = z.object({
  folder_id: z.union([z.literal('').transform(() => undefined), idQuery()]).optional(),
});

/** The image library of the page editor: uploads, folders, and the public `/media/{key}` files. */
export async function imagesRoutes(app: FastifyInstance, { images }: { images: ImagesService }) {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/images', { schema: schemaOf(endpoints.images.listImages) }, async (request) => {
    const { items, count } = await images.list(accountIdOf(request), request.query);
    return { data: items, meta: listMeta(count, request.query.per_page) };
  });

  r.post(
    '/images',
    {
      schema: {
        ...schemaOf(endpoints.images.createImage),
        querystring: uploadQuerySchema,
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      let file: Awaited<ReturnType<typeof request.file>>;
      try {
        file = request.isMultipart() ? await request.file() : undefined;
      } catch {
        throw new HttpError(400, IMAGE_MISSING_MESSAGE, 'bad_request', 'file');
      }
      if (file?.fieldname !== 'file') throw new HttpError(400, IMAGE_MISSING_MESSAGE, 'bad_request', 'file');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, IMAGE_SIZE_MESSAGE, 'payload_too_large', 'file');
        }
        throw new HttpError(400, IMAGE_MISSING_MESSAGE, 'bad_request', 'file');
      }
      if (bytes.length === 0) throw new HttpError(400, IMAGE_MISSING_MESSAGE, 'bad_request', 'file');
      const image = await images.upload(accountId, {
        bytes,
        fileName: file.filename,
        folderId: request.query.folder_id,
      });
      return reply.status(201).send({ data: image });
    },
  );

  r.get('/images/:id', { schema: schemaOf(endpoints.images.getImage) }, async (request) => ({
    data: await images.get(accountIdOf(request), request.params.id),
  }));

  r.patch(
    '/images/:id',
    {
      schema: schemaOf(endpoints.images.updateImage),
    },
    async (request) => {
      return { data: await images.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete('/images/:id', { schema: schemaOf(endpoints.images.deleteImage) }, async (request) => {
    await images.remove(accountIdOf(request), request.params.id);
    return ok;
  });

  r.get('/image-folders', { schema: schemaOf(endpoints.images.listImageFolders) }, async (request) => ({
    data: await images.listFolders(accountIdOf(request)),
  }));

  r.post(
    '/image-folders',
    { schema: schemaOf(endpoints.images.createImageFolder) },
    async (request, reply) => {
      return reply
        .status(201)
        .send({ data: await images.createFolder(accountIdOf(request), request.body.data.name) });
    },
  );

  r.patch(
    '/image-folders/:id',
    {
      schema: schemaOf(endpoints.images.updateImageFolder),
    },
    async (request) => {
      return {
        data: await images.renameFolder(accountIdOf(request), request.params.id, request.body.data.name),
      };
    },
  );

  r.delete(
    '/image-folders/:id',
    {
      schema: schemaOf(endpoints.images.deleteImageFolder),
    },
    async (request) => {
      await images.removeFolder(accountIdOf(request), request.params.id);
      return ok;
    },
  );
}

/**
 * `/media/{account}/{file}`: uploaded images for the dashboard and for published pages (another
 * origin, hence cross-origin resource policy). Keys are random; the bytes were checked at upload.
 */
export function mediaRoute(app: FastifyInstance, { images }: { images: ImagesService }) {
  app.get<{ Params: { account: string; file: string } }>(
    '/media/:account/:file',
    { schema: schemaOf(endpoints.images.getMedia) },
    async (request, reply) => {
      const key = `${request.params.account}/${request.params.file}`;
      const file = STORAGE_KEY.test(key) ? await images.media(key) : null;
      if (!file) throw new HttpError(404, 'Image not found', 'not_found');
      reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
}
