import { endpoints } from '@funnelwork/domain/api/endpoints';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/query-helpers.ts';
import { accounts } from '../../db/schema/index.ts';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';

export const SUBDOMAIN_TAKEN = 'This subdomain is already taken';
/** Names that would collide with our own hosts. */
const RESERVED_SUBDOMAINS = new Set([
  'admin',
  'api',
  'app',
  'dashboard',
  'mail',
  'static',
  'support',
  'www',
  'pages',
]);

export function accountRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function load(accountId: number) {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account) throw notFound('Account');
    return {
      id: account.id,
      name: account.name,
      subdomain: account.subdomain,
      default_currency_code: account.defaultCurrencyCode,
      plan_key: account.planKey,
      plan_expiry_date: account.planExpiryDate ? new Date(account.planExpiryDate).toISOString() : null,
      created_at: new Date(account.createdAt).toISOString(),
    };
  }

  r.get('/account', { schema: schemaOf(endpoints.account.getAccount) }, async (request) => ({
    data: await load(accountIdOf(request)),
  }));

  r.patch('/account', { schema: schemaOf(endpoints.account.updateAccount) }, async (request) => {
    const accountId = accountIdOf(request);
    const { name, default_currency_code } = request.body.data;
    if (name !== undefined || default_currency_code !== undefined) {
      await db
        .update(accounts)
        .set({
          ...(name !== undefined && { name }),
          ...(default_currency_code !== undefined && { defaultCurrencyCode: default_currency_code }),
        })
        .where(eq(accounts.id, accountId));
    }
    return { data: await load(accountId) };
  });

  r.post(
    '/change-subdomain',
    {
      schema: schemaOf(endpoints.account.createChangeSubdomain),
    },
    async (request) => {
      const accountId = accountIdOf(request);
      const { subdomain } = request.body.data;
      if (RESERVED_SUBDOMAINS.has(subdomain)) {
        throw new HttpError(409, SUBDOMAIN_TAKEN, 'subdomain_taken', 'data.subdomain');
      }
      const [taken] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sql`lower(${accounts.subdomain}) = ${subdomain}`, ne(accounts.id, accountId)));
      if (taken) throw new HttpError(409, SUBDOMAIN_TAKEN, 'subdomain_taken', 'data.subdomain');
      try {
        await db.update(accounts).set({ subdomain }).where(eq(accounts.id, accountId));
      } catch (error) {
        // Two accounts racing for one name: the unique index decides.
        if (isUniqueViolation(error)) {
          throw new HttpError(409, SUBDOMAIN_TAKEN, 'subdomain_taken', 'data.subdomain');
        }
        throw error;
      }
      return { data: { subdomain } };
    },
  );
}
