import { mailSettingsAnswerSchema, updateMailSettingsBodySchema } from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const mailSettingsEndpoints = {
  listMailSettings: {
    method: 'GET',
    path: '/api/mail-settings',
    answer: mailSettingsAnswerSchema,
    summary: 'List mail settings',
    tag: 'mail settings',
  },
  updateMailSettings: {
    method: 'PUT',
    path: '/api/mail-settings',
    body: updateMailSettingsBodySchema,
    answer: mailSettingsAnswerSchema,
    access: { permission: 'admin' },
    summary: 'Update mail settings',
    tag: 'mail settings',
  },
} as const satisfies EndpointTable;
