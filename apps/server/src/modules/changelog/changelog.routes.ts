import fs from 'node:fs';
import {
  type ChangelogEntry,
  changelogAnswerSchema,
  chatWidgetAnswerSchema,
  parseChangelog,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The header's changelog widget and chat-support widget (spec §2.5 "also present"): the project's
 * CHANGELOG.md, read once at boot (it changes only with a release), and the chat provider's script
 * the operator configured (CHAT_WIDGET_URL). Any signed-in member may read both.
 */
export function changelogRoutes(
  app: FastifyInstance,
  { changelogPath, chatWidgetUrl }: { changelogPath: string | undefined; chatWidgetUrl: string | undefined },
) {
  const entries: ChangelogEntry[] =
    changelogPath && fs.existsSync(changelogPath)
      ? parseChangelog(fs.readFileSync(changelogPath, 'utf8'))
      : [];
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/changelog',
    {
      schema: {
        tags: ['system'],
        summary: 'What changed in Funnelwork',
        response: { 200: changelogAnswerSchema },
      },
    },
    async () => ({ data: entries }),
  );
  r.get(
    '/chat-widget',
    {
      schema: {
        tags: ['system'],
        summary: 'The chat-support widget’s script, if the installation has one',
        response: { 200: chatWidgetAnswerSchema },
      },
    },
    async () => ({ data: { script_url: chatWidgetUrl ?? null } }),
  );
}
