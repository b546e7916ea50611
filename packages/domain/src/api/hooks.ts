import {
  hooksAnswerSchema,
  idParamsSchema,
  newHookAnswerSchema,
  okAnswerSchema,
  subscribeHookBodySchema,
} from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const hooksEndpoints = {
  listRESTHookSubscriptions: {
    method: 'GET',
    path: '/api/hooks',
    answer: hooksAnswerSchema,
    access: { permission: 'admin' },
    scope: 'webhooks',
    summary: 'List REST hook subscriptions',
    tag: 'hooks',
  },
  subscribeToEventRESTHook: {
    method: 'POST',
    path: '/api/hooks',
    body: subscribeHookBodySchema,
    answer: newHookAnswerSchema,
    status: 201,
    access: { permission: 'admin' },
    scope: 'webhooks',
    summary: 'Subscribe to an event (REST hook)',
    tag: 'hooks',
    description:
      "Subscribes `target_url` to an event. Each delivery is signed with the answer's `secret` (shown only here) as Standard Webhooks says: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,…`.",
  },
  unsubscribeRESTHook: {
    method: 'DELETE',
    path: '/api/hooks/:id',
    params: idParamsSchema,
    answer: okAnswerSchema,
    access: { permission: 'admin' },
    scope: 'webhooks',
    summary: 'Unsubscribe a REST hook',
    tag: 'hooks',
  },
} as const satisfies EndpointTable;
