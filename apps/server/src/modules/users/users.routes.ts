import { endpoints } from '@funnelwork/domain/api/endpoints';
import { isTimeZone } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { listMyAccounts, loadMe } from './users.queries.ts';
import type { UsersService } from './users.service.ts';

const ok = { data: { success: true as const } };

export function usersRoutes(app: FastifyInstance, { db, users: service }: { db: Db; users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function me(userId: number, accountId: number | null) {
    const found = await loadMe(db, userId, accountId);
    if (!found) throw new HttpError(401, 'Sign in to continue', 'unauthorized');
    return { data: found };
  }

  r.post(
    '/users/signup',
    {
      schema: schemaOf(endpoints.users.signUp),
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.signUp(request.body.data, request.ip) }),
  );

  r.post(
    '/users/sign_in',
    {
      schema: schemaOf(endpoints.users.signIn),
    },
    async (request) => service.signIn(request.body.username, request.body.password, request.ip),
  );

  r.post('/users/sign_out', { schema: schemaOf(endpoints.users.signOut) }, async (request) => {
    await service.signOut(sessionOf(request).id);
    return ok;
  });

  r.get('/users/me', { schema: schemaOf(endpoints.users.getUsersMe) }, async (request) => {
    const session = sessionOf(request);
    return me(session.userId, request.membership?.accountId ?? null);
  });

  r.get('/users/me/accounts', { schema: schemaOf(endpoints.users.listUsersMeAccounts) }, async (request) => ({
    data: await listMyAccounts(db, sessionOf(request).userId),
  }));

  r.post('/users/me/accounts/:id', { schema: schemaOf(endpoints.users.chooseAccount) }, async (request) => {
    const session = sessionOf(request);
    await service.selectAccount(session.id, session.userId, request.params.id);
    return me(session.userId, request.params.id);
  });

  r.patch(
    '/users/:id',
    {
      schema: schemaOf(endpoints.users.updateUser),
    },
    async (request) => {
      const session = sessionOf(request);
      // A user edits only themselves; another user's id is not theirs to see.
      if (request.params.id !== session.userId) throw notFound('User');
      const patch = request.body.data;
      await db
        .update(users)
        .set({
          ...(patch.first_name !== undefined && { firstName: patch.first_name }),
          ...(patch.last_name !== undefined && { lastName: patch.last_name }),
          ...(patch.onboarding_finished !== undefined && { onboardingFinished: patch.onboarding_finished }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, session.userId));
      return me(session.userId, request.membership?.accountId ?? null);
    },
  );

  r.post(
    '/users/me/change-password',
    {
      schema: schemaOf(endpoints.users.createUsersMeChangePassword),
    },
    async (request) => {
      const session = sessionOf(request);
      await service.changePassword(
        session.userId,
        session.id,
        request.body.data.current_password,
        request.body.data.password,
        request.ip,
      );
      return ok;
    },
  );

  r.post(
    '/request-password-reset',
    {
      schema: schemaOf(endpoints.users.requestPasswordReset),
    },
    async (request) => {
      await service.requestPasswordReset(request.body.data.email, request.ip);
      return ok;
    },
  );

  r.post('/update-password', { schema: schemaOf(endpoints.users.updatePassword) }, async (request) => {
    const { email, vcode, password } = request.body.data;
    await service.updatePassword(email, vcode, password, request.ip);
    return ok;
  });

  r.put(
    '/users/me/update-timezone',
    {
      schema: schemaOf(endpoints.users.updateUsersMeUpdateTimezone),
    },
    async (request) => {
      const { tz, force } = request.query;
      if (!isTimeZone(tz))
        throw new HttpError(400, `tz: unknown time zone '${tz}'`, 'validation_error', 'tz');
      const timeZone = await service.updateTimezone(
        sessionOf(request).userId,
        tz,
        force === 'true' || force === '1',
      );
      return { data: { time_zone: timeZone } };
    },
  );

  r.patch(
    '/users/me/reset-api-key',
    { schema: schemaOf(endpoints.users.updateUsersMeResetApiKey) },
    async (request) => ({
      data: { api_key: await service.resetApiKey(sessionOf(request).userId) },
    }),
  );
}
