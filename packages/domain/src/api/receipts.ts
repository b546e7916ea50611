import {
  receiptAnswerSchema,
  receiptKindParamsSchema,
  receiptsAnswerSchema,
  updateReceiptBodySchema,
} from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const receiptsEndpoints = {
  listReceipts: {
    method: 'GET',
    path: '/api/receipts',
    answer: receiptsAnswerSchema,
    summary: 'List receipts',
    tag: 'receipts',
    description: 'The e-mails the store sends by itself: on or off, subject and design.',
  },
  updateReceipt: {
    method: 'PUT',
    path: '/api/receipts/:kind',
    params: receiptKindParamsSchema,
    body: updateReceiptBodySchema,
    answer: receiptAnswerSchema,
    access: { permission: 'automations' },
    summary: 'Update receipt',
    tag: 'receipts',
    description: 'Switches a receipt on or off, sets its subject or design (null: the default).',
  },
  customizeReceipt: {
    method: 'POST',
    path: '/api/receipts/:kind/customize',
    params: receiptKindParamsSchema,
    answer: receiptAnswerSchema,
    access: { permission: 'automations' },
    summary: 'Customize receipt',
    tag: 'receipts',
    description:
      "Copies the built-in design into the member's e-mail templates and chooses it, for the e-mail editor.",
  },
} as const satisfies EndpointTable;
