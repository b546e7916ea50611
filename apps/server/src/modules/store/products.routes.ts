import { idParamsSchema, includesVariants, productArrayAnswerSchema } from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import { parseIdList } from '@funnelwork/domain/rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { ProductsService } from './products.service.ts';

const ok = { data: { success: true as const } };

/** Products with variants and options; prices are major units in the API, minor units in the database. */
export function productsRoutes(app: FastifyInstance, { products }: { products: ProductsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/products', { schema: schemaOf(endpoints.store.listProducts) }, async (request) =>
    products.list(accountIdOf(request), request.query),
  );

  r.post('/products', { schema: schemaOf(endpoints.store.createProduct) }, async (request, reply) => {
    return reply.status(201).send({ data: await products.create(accountIdOf(request), request.body.data) });
  });

  r.get(
    '/products/:id',
    {
      schema: schemaOf(endpoints.store.getProduct),
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
      schema: schemaOf(endpoints.store.updateProduct),
    },
    async (request) => {
      return { data: await products.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete('/products/:id', { schema: schemaOf(endpoints.store.deleteProduct) }, async (request) => {
    await products.remove(accountIdOf(request), request.params.id);
    return ok;
  });

  r.post(
    '/products/:id/clone',
    {
      schema: schemaOf(endpoints.store.cloneProduct),
    },
    async (request, reply) => {
      const copy = await products.clone(accountIdOf(request), request.params.id, request.body?.data.name);
      return reply.status(201).send({ data: copy });
    },
  );

  for (const url of ['/funnels/:id/products', '/wfunnels/:id/products']) {
    r.get(
      url,
      { schema: { params: idParamsSchema, response: { 200: productArrayAnswerSchema } } },
      async (request) => ({ data: await products.ofFunnel(accountIdOf(request), request.params.id) }),
    );
  }

  r.get(
    '/funnel-steps/:stepId/products',
    {
      schema: schemaOf(endpoints.store.listFunnelStepProducts),
    },
    async (request) => ({
      data: await products.ofStep(accountIdOf(request), request.params.stepId, request.query.include),
    }),
  );

  r.get(
    '/product-images',
    {
      schema: schemaOf(endpoints.store.listProductImages),
    },
    async (request) => ({
      data: await products.images(accountIdOf(request), parseIdList(request.query.ids) ?? []),
    }),
  );

  /* Variants */

  r.get(
    '/product-variants',
    {
      schema: schemaOf(endpoints.store.listProductVariants),
    },
    async (request) => ({ data: await products.variants(accountIdOf(request), request.query.productId) }),
  );

  r.post(
    '/product-variants',
    { schema: schemaOf(endpoints.store.createProductVariant) },
    async (request, reply) => {
      const variant = await products.createVariant(accountIdOf(request), request.body.data);
      return reply.status(201).send({ data: variant });
    },
  );

  r.get(
    '/product-variants/:id',
    { schema: schemaOf(endpoints.store.getProductVariant) },
    async (request) => ({ data: await products.getVariant(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/product-variants/:id',
    {
      schema: schemaOf(endpoints.store.updateProductVariant),
    },
    async (request) => {
      return {
        data: await products.patchVariant(accountIdOf(request), request.params.id, request.body.data),
      };
    },
  );

  r.delete(
    '/product-variants/:id',
    { schema: schemaOf(endpoints.store.deleteProductVariant) },
    async (request) => {
      await products.deleteVariant(accountIdOf(request), request.params.id);
      return ok;
    },
  );

  r.get(
    '/product-variant-options',
    {
      schema: schemaOf(endpoints.store.listProductVariantOptions),
    },
    async (request) => ({ data: await products.options(accountIdOf(request), request.query.productId) }),
  );

  r.put(
    '/product-variant-options',
    {
      schema: schemaOf(endpoints.store.updateProductVariantOptions),
    },
    async (request) => {
      const { productId } = request.query;
      return { data: await products.putOptions(accountIdOf(request), productId, request.body.data) };
    },
  );
}
