import {
  availableNumbersAnswerSchema,
  availableNumbersQuerySchema,
  buySmsNumberBodySchema,
  countryTariffsAnswerSchema,
  funnelSmsNumbersBodySchema,
  idParamsSchema,
  okAnswerSchema,
  smsAccountAnswerSchema,
  smsNumberAnswerSchema,
  smsNumbersAnswerSchema,
  topUpAnswerSchema,
  topUpBodySchema,
  updateSmsAccountBodySchema,
} from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf, requirePermission } from '../../plugins/auth.ts';
import type { SmsProvider } from '../../sms/provider.ts';
import type { SmsSending } from './sms.sending.ts';
import type { SmsService } from './sms.service.ts';

const tags = ['sms'];

/** Spec §7.6 SMS calls. Reading is every member's; buying, releasing, topping up and settings are an admin's. */
export function smsRoutes(app: FastifyInstance, { sms }: { sms: SmsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/sms-account', { schema: { tags, response: { 200: smsAccountAnswerSchema } } }, async (request) => ({
    data: await sms.account(accountIdOf(request)),
  }));
  r.put(
    '/sms-account',
    { schema: { tags, body: updateSmsAccountBodySchema, response: { 200: smsAccountAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      return { data: await sms.updateAccount(accountIdOf(request), request.body.data) };
    },
  );
  r.get('/sms-numbers', { schema: { tags, response: { 200: smsNumbersAnswerSchema } } }, async (request) => ({
    data: await sms.numbers(accountIdOf(request)),
  }));
  r.post(
    '/sms-numbers',
    { schema: { tags, body: buySmsNumberBodySchema, response: { 201: smsNumberAnswerSchema } } },
    async (request, reply) => {
      requirePermission(request, 'admin');
      return reply.status(201).send({ data: await sms.buyNumber(accountIdOf(request), request.body.data) });
    },
  );
  r.delete(
    '/sms-numbers/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      await sms.deleteNumber(accountIdOf(request), request.params.id);
      return { data: { success: true as const } };
    },
  );
  r.get(
    '/available-numbers',
    {
      schema: {
        tags,
        querystring: availableNumbersQuerySchema,
        response: { 200: availableNumbersAnswerSchema },
      },
    },
    async (request) => {
      accountIdOf(request);
      return { data: await sms.availableNumbers(request.query.country) };
    },
  );
  r.get(
    '/country-tariffs',
    { schema: { tags, response: { 200: countryTariffsAnswerSchema } } },
    async (request) => ({ data: await sms.tariffs(accountIdOf(request)) }),
  );
  r.post(
    '/top-up',
    { schema: { tags, body: topUpBodySchema, response: { 200: topUpAnswerSchema } } },
    async (request) => {
      requirePermission(request, 'admin');
      return { data: await sms.topUp(accountIdOf(request), request.body.data) };
    },
  );
  r.put(
    '/funnels/:id/sms-numbers',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: funnelSmsNumbersBodySchema,
        response: { 200: smsNumbersAnswerSchema },
      },
    },
    async (request) => {
      requirePermission(request, 'funnels');
      return {
        data: await sms.setFunnelNumbers(
          accountIdOf(request),
          request.params.id,
          request.body.data.number_ids,
        ),
      };
    },
  );
}

export const SMS_INBOUND_PATH = '/_fw/sms/inbound';

/**
 * The provider's webhook for replies to the account's numbers, outside the API (no session): the
 * `X-Twilio-Signature` over the public URL and the form is the only proof it came from the provider.
 */
export function smsInboundRoutes(
  app: FastifyInstance,
  { sending, provider, publicUrl }: { sending: SmsSending; provider: SmsProvider; publicUrl: string },
) {
  app.post(SMS_INBOUND_PATH, async (request, reply) => {
    const body = request.body;
    const params: Record<string, string> = {};
    if (body && typeof body === 'object')
      for (const [name, value] of Object.entries(body)) if (typeof value === 'string') params[name] = value;
    const signature = request.headers['x-twilio-signature'];
    const url = `${publicUrl.replace(/\/+$/, '')}${SMS_INBOUND_PATH}`;
    if (typeof signature !== 'string' || !provider.verifySignature(url, params, signature))
      return reply
        .status(403)
        .send({ error: { message: 'Invalid signature', code: 'forbidden', status: 403 } });
    await sending.inbound(params);
    return reply.header('content-type', 'text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });
}
