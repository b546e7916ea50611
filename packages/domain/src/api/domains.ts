import { z } from 'zod';
import {
  dataAnswer,
  domainBodySchema,
  domainSchema,
  domainValidationAnswerSchema,
  idParamsSchema,
  okAnswerSchema,
} from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const domainsEndpoints = {
  listDomains: {
    method: 'GET',
    path: '/api/domains',
    answer: dataAnswer(z.array(domainSchema)),
    summary: 'List domains',
    tag: 'domains',
  },
  createDomain: {
    method: 'POST',
    path: '/api/domains',
    body: domainBodySchema,
    answer: dataAnswer(domainSchema),
    status: 201,
    access: { permission: 'funnels' },
    summary: 'Create domain',
    tag: 'domains',
    description: 'Adds a domain; prove it with the TXT record in `verification`, then call verify.',
  },
  createDomainsValidate: {
    method: 'POST',
    path: '/api/domains/validate',
    body: domainBodySchema,
    answer: domainValidationAnswerSchema,
    access: { anyMember: 'Checks whether a domain name is usable; changes nothing.' },
    summary: 'Create domains validate',
    tag: 'domains',
    description: 'Checks the syntax of a domain name (no lookup).',
  },
  getDomain: {
    method: 'GET',
    path: '/api/domains/:id',
    params: idParamsSchema,
    answer: dataAnswer(domainSchema),
    summary: 'Get domain',
    tag: 'domains',
  },
  updateDomain: {
    method: 'PATCH',
    path: '/api/domains/:id',
    params: idParamsSchema,
    body: domainBodySchema,
    answer: dataAnswer(domainSchema),
    access: { permission: 'funnels' },
    summary: 'Update domain',
    tag: 'domains',
  },
  deleteDomain: {
    method: 'DELETE',
    path: '/api/domains/:id',
    params: idParamsSchema,
    answer: okAnswerSchema,
    access: { permission: 'funnels' },
    summary: 'Delete domain',
    tag: 'domains',
  },
  verifyDomain: {
    method: 'POST',
    path: '/api/domains/:id/verify',
    params: idParamsSchema,
    answer: dataAnswer(domainSchema),
    access: { permission: 'funnels' },
    summary: 'Verify domain',
    tag: 'domains',
    description:
      'Looks up the TXT record funnelwork-verify=<token> at _funnelwork.<domain>; answers the domain with its status.',
  },
} as const satisfies EndpointTable;
