import { z } from 'zod';
import { dataAnswer, idParamsSchema, mailMessageDetailSchema, mailMessageSchema } from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const mailboxEndpoints = {
  getMailbox: {
    method: 'GET',
    path: '/api/mailbox',
    answer: dataAnswer(z.array(mailMessageSchema)),
    summary: 'Get mailbox',
    tag: 'mail',
  },
  getMailboxById: {
    method: 'GET',
    path: '/api/mailbox/:id',
    params: idParamsSchema,
    answer: dataAnswer(mailMessageDetailSchema),
    summary: 'Get mailbox',
    tag: 'mail',
  },
} as const satisfies EndpointTable;
