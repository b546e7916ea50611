import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { SmsProvider } from '../../sms/provider.ts';
import type { SmsSending } from './sms.sending.ts';
import type { SmsService } from './sms.service.ts';

/** Spec §7.6 SMS calls. Reading is every member's; buying, releasing, topping up and settings are an admin's. */
export function smsRoutes(app: FastifyInstance, { sms }: { sms: SmsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/sms-account', { schema: schemaOf(endpoints.sms.getSmsAccount) }, async (request) => ({
    data: await sms.account(accountIdOf(request)),
  }));
  r.put('/sms-account', { schema: schemaOf(endpoints.sms.updateSmsAccount) }, async (request) => {
    return { data: await sms.updateAccount(accountIdOf(request), request.body.data) };
  });
  r.get('/sms-numbers', { schema: schemaOf(endpoints.sms.listSmsNumbers) }, async (request) => ({
    data: await sms.numbers(accountIdOf(request)),
  }));
  r.post('/sms-numbers', { schema: schemaOf(endpoints.sms.createSmsNumber) }, async (request, reply) => {
    return reply.status(201).send({ data: await sms.buyNumber(accountIdOf(request), request.body.data) });
  });
  r.delete('/sms-numbers/:id', { schema: schemaOf(endpoints.sms.deleteSmsNumber) }, async (request) => {
    await sms.deleteNumber(accountIdOf(request), request.params.id);
    return { data: { success: true as const } };
  });
  r.get(
    '/available-numbers',
    {
      schema: schemaOf(endpoints.sms.listAvailableNumbers),
    },
    async (request) => {
      accountIdOf(request);
      return { data: await sms.availableNumbers(request.query.country) };
    },
  );
  r.get('/country-tariffs', { schema: schemaOf(endpoints.sms.listCountryTariffs) }, async (request) => ({
    data: await sms.tariffs(accountIdOf(request)),
  }));
  r.post('/top-up', { schema: schemaOf(endpoints.sms.createTopUp) }, async (request) => {
    return { data: await sms.topUp(accountIdOf(request), request.body.data) };
  });
  r.put(
    '/funnels/:id/sms-numbers',
    {
      schema: schemaOf(endpoints.sms.updateFunnelSmsNumbers),
    },
    async (request) => {
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
  app.post(
    SMS_INBOUND_PATH,
    { schema: schemaOf(endpoints.sms.createFwSmsInbound) },
    async (request, reply) => {
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
      return reply
        .header('content-type', 'text/xml')
        .send('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    },
  );
}
