import {
  automationAnswerSchema,
  automationEmailStatsAnswerSchema,
  automationEntriesAnswerSchema,
  automationEntriesBodySchema,
  automationEntryBodySchema,
  automationEntryQuerySchema,
  automationFromTemplateBodySchema,
  automationListQuerySchema,
  automationRunAnswerSchema,
  automationRunsAnswerSchema,
  automationRunsQuerySchema,
  automationsAnswerSchema,
  automationTemplatesAnswerSchema,
  createAutomationBodySchema,
  idParamsSchema,
  okAnswerSchema,
  patchAutomationBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission, sessionOf } from '../../plugins/auth.ts';
import type { AutomationsService } from './automations.service.ts';

const tags = ['automations'];

/** Automations (per funnel and global) and their runs; every write needs the automations permission. */
export function automationsRoutes(
  app: FastifyInstance,
  { automations }: { automations: AutomationsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/automations',
    { schema: { tags, querystring: automationListQuerySchema, response: { 200: automationsAnswerSchema } } },
    async (request) => ({ data: await automations.list(accountIdOf(request), request.query) }),
  );

  r.post(
    '/automations',
    { schema: { tags, body: createAutomationBodySchema, response: { 201: automationAnswerSchema } } },
    async (request, reply) => {
      requirePermission(request, 'automations');
      return reply
        .status(201)
        .send({ data: await automations.create(accountIdOf(request), request.body.data) });
    },
  );

  r.get(
    '/automation-templates',
    {
      schema: {
        tags,
        description: 'Automations to start from (spec §7.4 "templates"): id, name, description, trigger.',
        response: { 200: automationTemplatesAnswerSchema },
      },
    },
    async () => ({ data: automations.templates() }),
  );

  r.post(
    '/automations/from-template',
    {
      schema: {
        tags,
        description:
          "Starts a draft automation from a template; the shared designs its e-mails use are copied into the signed-in member's e-mail templates.",
        body: automationFromTemplateBodySchema,
        response: { 201: automationAnswerSchema },
      },
    },
    async (request, reply) => {
      requirePermission(request, 'automations');
      const created = await automations.fromTemplate(
        accountIdOf(request),
        sessionOf(request).userId,
        request.body.data,
      );
      return reply.status(201).send({ data: created });
    },
  );

  r.get(
    '/automations/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: automationAnswerSchema } } },
    async (request) => ({ data: await automations.get(accountIdOf(request), request.params.id) }),
  );

  r.patch(
    '/automations/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: patchAutomationBodySchema,
        response: { 200: automationAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'automations');
      return { data: await automations.patch(accountIdOf(request), request.params.id, request.body.data) };
    },
  );

  r.delete(
    '/automations/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'automations');
      await automations.remove(accountIdOf(request), request.params.id);
      return { data: { success: true as const } };
    },
  );

  for (const action of ['activate', 'deactivate', 'archive', 'restore'] as const) {
    r.post(
      `/automations/:id/${action}`,
      { schema: { tags, params: idParamsSchema, response: { 200: automationAnswerSchema } } },
      async (request) => {
        requirePermission(request, 'automations');
        return { data: await automations[action](accountIdOf(request), request.params.id) };
      },
    );
  }

  const entryDescription =
    "An automation's entries (spec §7.4): its steps one by one by path ('0', '1/yes/0'); each change is a new version.";
  r.get(
    '/automations/:id/entries',
    {
      schema: {
        tags,
        description: entryDescription,
        params: idParamsSchema,
        response: { 200: automationEntriesAnswerSchema },
      },
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
          tags,
          description: `${kind === 'add' ? 'Adds an entry at the path (the steps from there move down)' : 'Changes the entry at the path'}. ${entryDescription}`,
          params: idParamsSchema,
          body: automationEntryBodySchema,
          response: { 200: automationAnswerSchema },
        },
      },
      async (request) => {
        requirePermission(request, 'automations');
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
      schema: {
        tags,
        description: `Removes the entry at the path (a condition with its branches). ${entryDescription}`,
        params: idParamsSchema,
        querystring: automationEntryQuerySchema,
        response: { 200: automationAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'automations');
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
      schema: {
        tags,
        description: `Update-all: replaces every entry at once. ${entryDescription}`,
        params: idParamsSchema,
        body: automationEntriesBodySchema,
        response: { 200: automationAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'automations');
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
      schema: {
        tags,
        description: "An automation's run history, newest first, optionally of one status.",
        params: idParamsSchema,
        querystring: automationRunsQuerySchema,
        response: { 200: automationRunsAnswerSchema },
      },
    },
    async (request) => ({
      data: await automations.runs(accountIdOf(request), request.params.id, request.query),
    }),
  );

  r.get(
    '/automations/:id/email-stats',
    {
      schema: {
        tags,
        description: 'Per e-mail step: sent, opened and clicked (unique per message, bots left out).',
        params: idParamsSchema,
        response: { 200: automationEmailStatsAnswerSchema },
      },
    },
    async (request) => ({ data: await automations.emailStats(accountIdOf(request), request.params.id) }),
  );

  r.get(
    '/automation-runs/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: automationRunAnswerSchema } } },
    async (request) => ({ data: await automations.run(accountIdOf(request), request.params.id) }),
  );

  for (const action of ['retry', 'cancel'] as const) {
    r.post(
      `/automation-runs/:id/${action}`,
      { schema: { tags, params: idParamsSchema, response: { 200: automationRunAnswerSchema } } },
      async (request) => {
        requirePermission(request, 'automations');
        return { data: await automations[action](accountIdOf(request), request.params.id) };
      },
    );
  }
}
