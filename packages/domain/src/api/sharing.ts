import {
  clonedFunnelAnswerSchema,
  idParamsSchema,
  okAnswerSchema,
  shareAnswerSchema,
  shareCloneQuerySchema,
  sharedFunnelAnswerSchema,
  sharedFunnelQuerySchema,
  shareFunnelQuerySchema,
} from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const sharingEndpoints = {
  shareFunnel: {
    method: 'POST',
    path: '/api/wfunnels/:id/share',
    params: idParamsSchema,
    query: shareFunnelQuerySchema,
    answer: shareAnswerSchema,
    access: { permission: 'funnels' },
    summary: 'Share a funnel (its share link)',
    tag: 'sharing',
    description:
      'Stores the share code of the funnel (a random one when `code` is absent) and answers the share link. Others clone it with POST share/clone.',
  },
  unshareFunnel: {
    method: 'DELETE',
    path: '/api/wfunnels/:id/share',
    params: idParamsSchema,
    answer: okAnswerSchema,
    access: { permission: 'funnels' },
    summary: 'Stop sharing a funnel',
    tag: 'sharing',
    description: 'Stops sharing the funnel.',
  },
  getSharedFunnel: {
    method: 'GET',
    path: '/api/share',
    query: sharedFunnelQuerySchema,
    answer: sharedFunnelAnswerSchema,
    access: { public: 'A share link works for anyone who has it; the link token names what is shared.' },
    summary: 'Get a shared funnel by its code',
    tag: 'sharing',
    description: 'The shared funnel behind a share link (for the ShareFunnel screen, before sign-in).',
  },
  cloneSharedFunnel: {
    method: 'POST',
    path: '/api/share/clone',
    query: shareCloneQuerySchema,
    answer: clonedFunnelAnswerSchema,
    status: 201,
    access: { permission: 'funnels' },
    summary: 'Clone a shared funnel into this account',
    tag: 'sharing',
    description:
      "The share request (funnel, code, name, clone-geo-funnels, folder_id): clones the shared funnel into the selected account. Needs the account's 'funnels' feature.",
  },
} as const satisfies EndpointTable;
