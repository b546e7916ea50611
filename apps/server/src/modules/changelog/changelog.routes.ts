import fs from 'node:fs';
import { type ChangelogEntry, parseChangelog } from '@funnelwork/domain';
import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schemaOf } from '../../plugins/endpoints.ts';

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
      schema: schemaOf(endpoints.changelog.getChangelog),
    },
    async () => ({ data: entries }),
  );
  r.get(
    '/chat-widget',
    {
      schema: schemaOf(endpoints.changelog.getChatWidget),
    },
    async () => ({ data: { script_url: chatWidgetUrl ?? null } }),
  );
}
