import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { DomainsService } from './domains.service.ts';

const ok = { data: { success: true as const } };

export function domainsRoutes(app: FastifyInstance, { domains }: { domains: DomainsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/domains', { schema: schemaOf(endpoints.domains.listDomains) }, async (request) => ({
    data: await domains.list(accountIdOf(request)),
  }));

  r.post(
    '/domains',
    {
      schema: schemaOf(endpoints.domains.createDomain),
    },
    async (request, reply) => {
      return reply
        .status(201)
        .send({ data: await domains.create(accountIdOf(request), request.body.data.name) });
    },
  );

  r.post(
    '/domains/validate',
    {
      schema: schemaOf(endpoints.domains.createDomainsValidate),
    },
    async (request) => ({ data: domains.validate(request.body.data.name) }),
  );

  r.get('/domains/:id', { schema: schemaOf(endpoints.domains.getDomain) }, async (request) => ({
    data: await domains.get(accountIdOf(request), request.params.id),
  }));

  r.patch('/domains/:id', { schema: schemaOf(endpoints.domains.updateDomain) }, async (request) => {
    return { data: await domains.rename(accountIdOf(request), request.params.id, request.body.data.name) };
  });

  r.delete('/domains/:id', { schema: schemaOf(endpoints.domains.deleteDomain) }, async (request) => {
    await domains.remove(accountIdOf(request), request.params.id);
    return ok;
  });

  r.post(
    '/domains/:id/verify',
    {
      schema: schemaOf(endpoints.domains.verifyDomain),
    },
    async (request) => {
      return { data: await domains.verify(accountIdOf(request), request.params.id) };
    },
  );
}
