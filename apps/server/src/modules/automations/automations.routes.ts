import {
  automationAnswerSchema,
  automationEntryBodySchema,
  automationRunAnswerSchema,
  idParamsSchema,
} from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { AutomationsService } from './automations.service.ts';

/** Automations (per funnel and global) and their runs; every write needs the automations permission. */
export function automationsRoutes(
  app: FastifyInstance,
  { automations }: { automations: AutomationsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/automations', { schema: schemaOf(endpoints.automations.listAutomations) }, async (request) => ({
    data: await automations.list(accountIdOf(request), request.query),
  }));

  r.post(
    '/automations',
    { schema: schemaOf(endpoints.automations.createAutomation) },
    async (request, reply) => {
      return reply
        .status(201)
        .send({ data: await automations.create(accountIdOf(request), request.body.data) });
    },
  );

  r.get(
    '/automation-templates',
    {
      schema: schemaOf(endpoints.automations.listAutomationTemplates),
    },
    async () => ({ data: automations.templates() }),
  );

  r.post(
    '/automations/from-template',
    {
      schema: schemaOf(endpoints.automations.createAutomationsFromTemplate),
    },
    async (request, reply) => {
      const created = await automations.fromTemplate(
        accountIdOf(request),
        sessionOf(request).userId,
        request.body.data,
      );
      return reply.status(201).send({ data: created });
    },
  );

  r.get('/automations/:id', { schema: schemaOf(endpoints.automations.getAutomation) }, async (request) => ({
    data: await automations.get(accountIdOf(request), request.params.id),
  }));

  r.patch(
    '/automations/:id',
    {
      schema: schemaOf(endpoints.automations.updateAutomation),
    },
    async (request) => {
      return { data: await automations.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/automations/:id',
    { schema: schemaOf(endpoints.automations.deleteAutomation) },
    async (request) => {
      await automations.remove(accountIdOf(request), request.params.id);
      return { data: { success: true as const } };
    },
  );

  for (const action of ['activate', 'deactivate', 'archive', 'restore'] as const) {
    r.post(
      `/automations/:id/${action}`,
      { schema: { params: idParamsSchema, response: { 200: automationAnswerSchema } } },
      async (request) => {
        return { data: await automations[action](accountIdOf(request), request.params.id) };
      },
    );
  }

  r.get(
    '/automations/:id/entries',
    {
      schema: schemaOf(endpoints.automations.listAutomationEntries),
    },
    async (request) => ({ data: await automations.entries(accountIdOf(request), request.params.id) }),
  );

  for (const [method, kind] of [
    ['post', 'add'],
    ['patch', 'change'],
  ] as const) {
    r[method](
      '/automations/:id/entries',
      {
        schema: {
          params: idParamsSchema,
          body: automationEntryBodySchema,
          response: { 200: automationAnswerSchema },
        },
      },
      async (request) => {
        const { path, step } = request.body.data;
        return {
          data: await automations.editEntry(
            accountIdOf(request),
            request.params.id,
            { kind, path, step },
            'data.path',
          ),
        };
      },
    );
  }

  r.delete(
    '/automations/:id/entries',
    {
      schema: schemaOf(endpoints.automations.deleteAutomationEntries),
    },
    async (request) => {
      return {
        data: await automations.editEntry(
          accountIdOf(request),
          request.params.id,
          { kind: 'remove', path: request.query.path },
          'path',
        ),
      };
    },
  );

  r.put(
    '/automations/:id/entries',
    {
      schema: schemaOf(endpoints.automations.putAutomationsByIdEntries),
    },
    async (request) => {
      return {
        data: await automations.replaceEntries(
          accountIdOf(request),
          request.params.id,
          request.body.data.steps,
        ),
      };
    },
  );

  r.get(
    '/automations/:id/runs',
    {
      schema: schemaOf(endpoints.automations.listAutomationRuns),
    },
    async (request) => ({
      data: await automations.runs(accountIdOf(request), request.params.id, request.query),
    }),
  );

  r.get(
    '/automations/:id/email-stats',
    {
      schema: schemaOf(endpoints.automations.listAutomationEmailStats),
    },
    async (request) => ({ data: await automations.emailStats(accountIdOf(request), request.params.id) }),
  );

  r.get(
    '/automation-runs/:id',
    { schema: schemaOf(endpoints.automations.getAutomationRun) },
    async (request) => ({ data: await automations.run(accountIdOf(request), request.params.id) }),
  );

  for (const action of ['retry', 'cancel'] as const) {
    r.post(
      `/automation-runs/:id/${action}`,
      { schema: { params: idParamsSchema, response: { 200: automationRunAnswerSchema } } },
      async (request) => {
        return { data: await automations[action](accountIdOf(request), request.params.id) };
      },
    );
  }
}
