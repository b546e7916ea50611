import {
  cloneProductBodySchema,
  createProductBodySchema,
  createVariantBodySchema,
  idParamsSchema,
  includesVariants,
  okAnswerSchema,
  patchProductBodySchema,
  patchVariantBodySchema,
  productAnswerSchema,
  productArrayAnswerSchema,
  productImagesAnswerSchema,
  productImagesQuerySchema,
  productIncludeQuerySchema,
  productListAnswerSchema,
  productListQuerySchema,
  productVariantsQuerySchema,
  putVariantOptionsBodySchema,
  stepParamsSchema,
  variantAnswerSchema,
  variantListAnswerSchema,
  variantOptionsAnswerSchema,
  variantOptionsQuerySchema,
} from '@funnelwork/domain';
import { parseIdList } from '@funnelwork/domain/rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { ProductsService } from './products.service.ts';

const tags = ['products'];
const ok = { data: { success: true as const } };

/** Products with variants and options; prices are major units in the API, minor units in the database. */
export function productsRoutes(app: FastifyInstance, { products }: { products: ProductsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/products',
    { schema: { tags, querystring: productListQuerySchema, response: { 200: productListAnswerSchema } } },
    async (request) => products.list(accountIdOf(request), request.query),
  );

  r.post(
    '/products',
    { schema: { tags, body: createProductBodySchema, response: { 201: productAnswerSchema } } },
    async (request, reply) => {
      requirePermission(request, 'funnels');
      return reply.status(201).send({ data: await products.create(accountIdOf(request), request.body.data) });
    },
  );

  r.get(
    '/products/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: productIncludeQuerySchema,
        response: { 200: productAnswerSchema },
      },
    },
    async (request) => ({
      data: await products.get(
        accountIdOf(request),
        request.params.id,
        includesVariants(request.query.include),
      ),
    }),
  );

  r.patch(
    '/products/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: patchProductBodySchema,
        response: { 200: productAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await products.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/products/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'funnels');
      await products.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );

  r.post(
    '/products/:id/clone',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: cloneProductBodySchema,
        response: { 201: productAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'funnels');
      const copy = await products.clone(accountIdOf(request), request.params.id, request.body?.data.name);
      return reply.status(201).send({ data: copy });
    },
  );

  for (const url of ['/funnels/:id/products', '/wfunnels/:id/products']) {
    r.get(
      url,
      { schema: { tags, params: idParamsSchema, response: { 200: productArrayAnswerSchema } } },
      async (request) => ({ data: await products.ofFunnel(accountIdOf(request), request.params.id) }),
    );
  }

  r.get(
    '/funnel-steps/:stepId/products',
    {
      schema: {
        tags,
        params: stepParamsSchema,
        querystring: productIncludeQuerySchema,
        response: { 200: productArrayAnswerSchema },
      },
    },
    async (request) => ({
      data: await products.ofStep(accountIdOf(request), request.params.stepId, request.query.include),
    }),
  );

  r.get(
    '/product-images',
    {
      schema: {
        tags,
        description: "Product ids joined by '|'; answers each product's first image.",
        querystring: productImagesQuerySchema,
        response: { 200: productImagesAnswerSchema },
      },
    },
    async (request) => ({
      data: await products.images(accountIdOf(request), parseIdList(request.query.ids) ?? []),
    }),
  );

  /* Variants */

  const variantTags = ['product variants'];
  r.get(
    '/product-variants',
    {
      schema: {
        tags: variantTags,
        querystring: productVariantsQuerySchema,
        response: { 200: variantListAnswerSchema },
      },
    },
    async (request) => ({ data: await products.variants(accountIdOf(request), request.query.productId) }),
  );

  r.post(
    '/product-variants',
    { schema: { tags: variantTags, body: createVariantBodySchema, response: { 201: variantAnswerSchema } } },
    async (request, reply) => {
      requirePermission(request, 'funnels');
      const variant = await products.createVariant(accountIdOf(request), request.body.data);
      return reply.status(201).send({ data: variant });
    },
  );

  r.get(
    '/product-variants/:id',
    { schema: { tags: variantTags, params: idParamsSchema, response: { 200: variantAnswerSchema } } },
    async (request) => ({ data: await products.getVariant(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/product-variants/:id',
    {
      schema: {
        tags: variantTags,
        params: idParamsSchema,
        body: patchVariantBodySchema,
        response: { 200: variantAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      return {
        data: await products.patchVariant(accountIdOf(request), request.params.id, request.body.data),
      };
    },
  );

  r.delete(
    '/product-variants/:id',
    { schema: { tags: variantTags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'funnels');
      await products.deleteVariant(accountIdOf(request), request.params.id);
      return ok;
    },
  );

  r.get(
    '/product-variant-options',
    {
      schema: {
        tags: variantTags,
        querystring: variantOptionsQuerySchema,
        response: { 200: variantOptionsAnswerSchema },
      },
    },
    async (request) => ({ data: await products.options(accountIdOf(request), request.query.productId) }),
  );

  r.put(
    '/product-variant-options',
    {
      schema: {
        tags: variantTags,
        description: "Replaces the product's options (name and values), in the order given.",
        querystring: variantOptionsQuerySchema,
        body: putVariantOptionsBodySchema,
        response: { 200: variantOptionsAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      const { productId } = request.query;
      return { data: await products.putOptions(accountIdOf(request), productId, request.body.data) };
    },
  );
}
