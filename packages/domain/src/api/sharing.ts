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
  shareWfunnel: {
    method: 'POST',
    path: '/api/wfunnels/:id/share',
    params: idParamsSchema,
    query: shareFunnelQuerySchema,
    answer: shareAnswerSchema,
    access: { permission: 'funnels' },
    summary: 'Share wfunnel',
    tag: 'sharing',
    description:
      'Stores the share code of the funnel (a random one when `code` is absent) and answers the share link. Others clone it with POST share/clone.',
  },
  deleteWfunnelShare: {
    method: 'DELETE',
    path: '/api/wfunnels/:id/share',
    params: idParamsSchema,
    answer: okAnswerSchema,
    access: { permission: 'funnels' },
    summary: 'Delete wfunnel share',
    tag: 'sharing',
    description: 'Stops sharing the funnel.',
  },
  getShare: {
    method: 'GET',
    path: '/api/share',
    query: sharedFunnelQuerySchema,
    answer: sharedFunnelAnswerSchema,
    access: { public: 'A share link works for anyone who has it; the link token names what is shared.' },
    summary: 'Get share',
    tag: 'sharing',
    description: 'The shared funnel behind a share link (for the ShareFunnel screen, before sign-in).',
  },
  createShareClone: {
    method: 'POST',
    path: '/api/share/clone',
    query: shareCloneQuerySchema,
    answer: clonedFunnelAnswerSchema,
    status: 201,
    access: { permission: 'funnels' },
    summary: 'Create share clone',
    tag: 'sharing',
    description:
      "The share request (funnel, code, name, clone-geo-funnels, folder_id): clones the shared funnel into the selected account. Needs the account's 'funnels' feature.",
  },
} as const satisfies EndpointTable;
