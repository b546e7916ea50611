import { z } from 'zod';
import {
  abSplitBodySchema,
  dataAnswer,
  funnelAnswerSchema,
  funnelSchema,
  idParamsSchema,
  subFunnelsQuerySchema,
} from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const geoFunnelsEndpoints = {
  abSplitWfunnel: {
    method: 'POST',
    path: '/api/wfunnels/:id/ab-split',
    params: idParamsSchema,
    body: abSplitBodySchema,
    answer: funnelAnswerSchema,
    status: 201,
    access: { permission: 'funnels' },
    summary: 'Ab split wfunnel',
    tag: 'geo-funnels',
    description:
      "Splits off a geo-funnel (a deep copy in the main funnel's group); answers it with its funnel_group_id. Needs the account's 'funnels' feature.",
  },
  listSubFunnels: {
    method: 'GET',
    path: '/api/sub-funnels',
    query: subFunnelsQuerySchema,
    answer: dataAnswer(z.array(funnelSchema)),
    summary: 'List sub funnels',
    tag: 'geo-funnels',
  },
  getSubFunnel: {
    method: 'GET',
    path: '/api/sub-funnels/:id',
    params: idParamsSchema,
    answer: dataAnswer(z.array(funnelSchema)),
    summary: 'Get sub funnel',
    tag: 'geo-funnels',
    description: "The geo-funnels of funnel {id}'s group.",
  },
} as const satisfies EndpointTable;
