import {
  dataAnswer,
  domainBodySchema,
  domainSchema,
  domainValidationAnswerSchema,
  idParamsSchema,
  okAnswerSchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { DomainsService } from './domains.service.ts';

const tags = ['domains'];
const ok = { data: { success: true as const } };
const one = dataAnswer(domainSchema);

export function domainsRoutes(app: FastifyInstance, { domains }: { domains: DomainsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/domains',
    { schema: { tags, response: { 200: dataAnswer(z.array(domainSchema)) } } },
    async (request) => ({
      data: await domains.list(accountIdOf(request)),
    }),
  );

  r.post(
    '/domains',
    {
      schema: {
        tags,
        description: 'Adds a domain; prove it with the TXT record in `verification`, then call verify.',
        body: domainBodySchema,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'funnels');
      return reply
        .status(201)
        .send({ data: await domains.create(accountIdOf(request), request.body.data.name) });
    },
  );

  r.post(
    '/domains/validate',
    {
      schema: {
        tags,
        description: 'Checks the syntax of a domain name (no lookup).',
        body: domainBodySchema,
        response: { 200: domainValidationAnswerSchema },
      },
    },
    async (request) => ({ data: domains.validate(request.body.data.name) }),
  );

  r.get(
    '/domains/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: one } } },
    async (request) => ({ data: await domains.get(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/domains/:id',
    { schema: { tags, params: idParamsSchema, body: domainBodySchema, response: { 200: one } } },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await domains.rename(accountIdOf(request), request.params.id, request.body.data.name) };
    },
  );

  r.delete(
    '/domains/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'funnels');
      await domains.remove(accountIdOf(request), request.params.id);
      return ok;
    },
  );

  r.post(
    '/domains/:id/verify',
    {
      schema: {
        tags,
        description:
          'Looks up the TXT record funnelwork-verify=<token> at _funnelwork.<domain>; answers the domain with its status.',
        params: idParamsSchema,
        response: { 200: one },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      return { data: await domains.verify(accountIdOf(request), request.params.id) };
    },
  );
}
