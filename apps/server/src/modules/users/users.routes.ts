import {
  apiKeyAnswerSchema,
  changePasswordBodySchema,
  idParamsSchema,
  meAnswerSchema,
  myAccountsAnswerSchema,
  okAnswerSchema,
  patchUserBodySchema,
  requestPasswordResetBodySchema,
  signInFormSchema,
  signUpBodySchema,
  timezoneAnswerSchema,
  tokenAnswerSchema,
  updatePasswordBodySchema,
  updateTimezoneQuerySchema,
} from '@funnelwork/domain';
import { isTimeZone } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { listMyAccounts, loadMe } from './users.queries.ts';
import type { UsersService } from './users.service.ts';

const ok = { data: { success: true as const } };
const tags = ['users'];

export function usersRoutes(app: FastifyInstance, { db, users: service }: { db: Db; users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = { public: true };
  const noAccount = { noAccount: true };

  async function me(userId: number, accountId: number | null) {
    const found = await loadMe(db, userId, accountId);
    if (!found) throw new HttpError(401, 'Sign in to continue', 'unauthorized');
    return { data: found };
  }

  r.post(
    '/users/signup',
    {
      config: open,
      schema: {
        tags,
        body: signUpBodySchema,
        // The same answer whether the e-mail was new or taken (its owner is told by e-mail).
        response: { 201: z.object({ data: z.object({ email: z.string() }) }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.signUp(request.body.data, request.ip) }),
  );

  r.post(
    '/users/sign_in',
    {
      config: open,
      schema: {
        tags,
        description: 'Form body (application/x-www-form-urlencoded): grant_type=password, username, password',
        body: signInFormSchema,
        response: { 200: tokenAnswerSchema },
      },
    },
    async (request) => service.signIn(request.body.username, request.body.password, request.ip),
  );

  r.post(
    '/users/sign_out',
    { config: noAccount, schema: { tags, response: { 200: okAnswerSchema } } },
    async (request) => {
      await service.signOut(sessionOf(request).id);
      return ok;
    },
  );

  r.get(
    '/users/me',
    { config: noAccount, schema: { tags, response: { 200: meAnswerSchema } } },
    async (request) => {
      const session = sessionOf(request);
      return me(session.userId, request.membership?.accountId ?? null);
    },
  );

  r.get(
    '/users/me/accounts',
    { config: noAccount, schema: { tags, response: { 200: myAccountsAnswerSchema } } },
    async (request) => ({
      data: await listMyAccounts(db, sessionOf(request).userId),
    }),
  );

  r.post(
    '/users/me/accounts/:id',
    { config: noAccount, schema: { tags, params: idParamsSchema, response: { 200: meAnswerSchema } } },
    async (request) => {
      const session = sessionOf(request);
      await service.selectAccount(session.id, session.userId, request.params.id);
      return me(session.userId, request.params.id);
    },
  );

  r.patch(
    '/users/:id',
    {
      config: noAccount,
      schema: { tags, params: idParamsSchema, body: patchUserBodySchema, response: { 200: meAnswerSchema } },
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
      config: noAccount,
      schema: { tags, body: changePasswordBodySchema, response: { 200: okAnswerSchema } },
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
      config: open,
      schema: { tags, body: requestPasswordResetBodySchema, response: { 200: okAnswerSchema } },
    },
    async (request) => {
      await service.requestPasswordReset(request.body.data.email, request.ip);
      return ok;
    },
  );

  r.post(
    '/update-password',
    { config: open, schema: { tags, body: updatePasswordBodySchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      const { email, vcode, password } = request.body.data;
      await service.updatePassword(email, vcode, password, request.ip);
      return ok;
    },
  );

  r.put(
    '/users/me/update-timezone',
    {
      config: noAccount,
      schema: { tags, querystring: updateTimezoneQuerySchema, response: { 200: timezoneAnswerSchema } },
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
    { config: noAccount, schema: { tags, response: { 200: apiKeyAnswerSchema } } },
    async (request) => ({
      data: { api_key: await service.resetApiKey(sessionOf(request).userId) },
    }),
  );
}
