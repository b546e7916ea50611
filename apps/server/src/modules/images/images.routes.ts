import multipart from '@fastify/multipart';
import {
  dataAnswer,
  IMAGE_MISSING_MESSAGE,
  IMAGE_SIZE_MESSAGE,
  idParamsSchema,
  idQuery,
  imageAnswerSchema,
  imageFolderBodySchema,
  imageFolderSchema,
  imageListAnswerSchema,
  imagesQuerySchema,
  listMeta,
  MAX_IMAGE_BYTES,
  okAnswerSchema,
  patchImageBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { STORAGE_KEY } from '../../storage/storage.ts';
import type { ImagesService } from './images.service.ts';

const tags = ['images'];
const ok = { data: { success: true as const } };
const uploadQuerySchema = z.object({
  folder_id: z.union([z.literal('').transform(() => undefined), idQuery()]).optional(),
});

/** The image library of the page editor: uploads, folders, and the public `/media/{key}` files. */
export async function imagesRoutes(app: FastifyInstance, { images }: { images: ImagesService }) {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/images',
    { schema: { tags, querystring: imagesQuerySchema, response: { 200: imageListAnswerSchema } } },
    async (request) => {
      const { items, count } = await images.list(accountIdOf(request), request.query);
      return { data: items, meta: listMeta(count, request.query.per_page) };
    },
  );

  r.post(
    '/images',
    {
      schema: {
        tags,
        description: `A multipart upload with one \`file\` part: JPEG, PNG, GIF or WebP, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB. \`folder_id\` goes in the query.`,
        querystring: uploadQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 201: imageAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'editor');
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

  r.get(
    '/images/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: imageAnswerSchema } } },
    async (request) => ({ data: await images.get(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/images/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: patchImageBodySchema,
        response: { 200: imageAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      return { data: await images.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/images/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'editor');
      await images.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );

  r.get(
    '/image-folders',
    { schema: { tags, response: { 200: dataAnswer(z.array(imageFolderSchema)) } } },
    async (request) => ({ data: await images.listFolders(accountIdOf(request)) }),
  );

  r.post(
    '/image-folders',
    { schema: { tags, body: imageFolderBodySchema, response: { 201: dataAnswer(imageFolderSchema) } } },
    async (request, reply) => {
      requirePermission(request, 'editor');
      return reply
        .status(201)
        .send({ data: await images.createFolder(accountIdOf(request), request.body.data.name) });
    },
  );

  r.patch(
    '/image-folders/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: imageFolderBodySchema,
        response: { 200: dataAnswer(imageFolderSchema) },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
      return {
        data: await images.renameFolder(accountIdOf(request), request.params.id, request.body.data.name),
      };
    },
  );

  r.delete(
    '/image-folders/:id',
    {
      schema: {
        tags,
        description: 'The folder goes; its images stay, in no folder.',
        params: idParamsSchema,
        response: { 200: okAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'editor');
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
    { config: { public: true } },
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
