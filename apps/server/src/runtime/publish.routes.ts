import { endpoints } from '@funnelwork/domain/api/endpoints';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { ownedBy } from '../db/query-helpers.ts';
import { accounts, domains, steps } from '../db/schema/index.ts';
import { findFunnel } from '../modules/funnels/funnels.queries.ts';
import { accountIdOf } from '../plugins/auth.ts';
import { schemaOf } from '../plugins/endpoints.ts';

/** Where an account's pages are published: its verified custom domain, else its subdomain. */
export function siteOrigin(config: Config, subdomain: string | null, domain: string | null): string | null {
  const publicUrl = new URL(config.publicUrl);
  if (domain) return `${publicUrl.protocol}//${domain}`;
  if (!subdomain) return null;
  if (config.pagesDomain) return `${publicUrl.protocol}//${subdomain}.${config.pagesDomain}`;
  return `http://${subdomain}.localhost${publicUrl.port ? `:${publicUrl.port}` : ''}`;
}

/** A funnel's addresses and whether it is live: its live address and each live step's, with a preview link (not counted). */
export function publishRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/funnels/:id/publish',
      { schema: schemaOf(endpoints.runtime.getFunnelAddresses) },
      async (request) => {
        const accountId = accountIdOf(request);
        const funnel = await findFunnel(db, accountId, request.params.id);
        const [account] = await db
          .select({ subdomain: accounts.subdomain })
          .from(accounts)
          .where(eq(accounts.id, accountId));
        const [domain] = funnel.domainId
          ? await db
              .select({ name: domains.name, verifiedAt: domains.verifiedAt })
              .from(domains)
              .where(and(ownedBy(domains, accountId), eq(domains.id, funnel.domainId)))
          : [];
        const origin = siteOrigin(
          config,
          account?.subdomain ?? null,
          domain?.verifiedAt ? domain.name : null,
        );
        const rows = await db
          .select({ id: steps.id, name: steps.name, url: steps.url, url2: steps.url2 })
          .from(steps)
          .where(and(ownedBy(steps, accountId), eq(steps.funnelId, funnel.id), isNull(steps.deletedAt)))
          .orderBy(asc(steps.orderIndex), asc(steps.id));
        // A geo-funnel is live with its main funnel (docs/decisions.md, draft and publish).
        const main =
          funnel.isSubFunnel && funnel.funnelGroupId !== null
            ? await findFunnel(db, accountId, funnel.funnelGroupId).catch(() => funnel)
            : funnel;
        const live = main.publishedAt !== null;
        const address = (path: string) => (origin ? `${origin}/${path}` : null);
        const preview = (url: string | null) => (url ? `${url}?fw_preview=1` : null);
        const stepUrl = (url: string) =>
          address(`${encodeURIComponent(funnel.path)}/${url.split('/').map(encodeURIComponent).join('/')}`);
        const funnelUrl = address(encodeURIComponent(funnel.path));
        return {
          data: {
            funnel_id: funnel.id,
            published: origin !== null && rows.length > 0 && live,
            live_url: funnelUrl,
            preview_url: preview(funnelUrl),
            steps: rows.map((step) => {
              const url = stepUrl(step.url);
              // The variant URL: `{variant_url}/{page id}` serves that variant (routing.ts namedVariant).
              const variantUrl = step.url2 ? stepUrl(step.url2) : null;
              return {
                id: step.id,
                name: step.name,
                live_url: url,
                preview_url: preview(url),
                variant_url: variantUrl,
              };
            }),
          },
        };
      },
    );
}
