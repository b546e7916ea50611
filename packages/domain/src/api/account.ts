import {
  accountSettingsSchema,
  changeSubdomainAnswerSchema,
  changeSubdomainBodySchema,
  dataAnswer,
  patchAccountBodySchema,
} from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const accountEndpoints = {
  getAccount: {
    method: 'GET',
    path: '/api/account',
    answer: dataAnswer(accountSettingsSchema),
    summary: 'Get account',
    tag: 'account',
  },
  updateAccount: {
    method: 'PATCH',
    path: '/api/account',
    body: patchAccountBodySchema,
    answer: dataAnswer(accountSettingsSchema),
    access: { permission: 'admin' },
    summary: 'Update account',
    tag: 'account',
  },
  createChangeSubdomain: {
    method: 'POST',
    path: '/api/change-subdomain',
    answer: changeSubdomainAnswerSchema,
    body: changeSubdomainBodySchema,
    access: { permission: 'admin' },
    summary: 'Create change subdomain',
    tag: 'account',
  },
} as const satisfies EndpointTable;
