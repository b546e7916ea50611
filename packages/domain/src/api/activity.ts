import { recentViewsAnswerSchema } from '../activity/contracts.ts';
import type { EndpointTable } from './endpoint.ts';

export const activityEndpoints = {
  listRecentViews: {
    method: 'GET',
    path: '/api/recent-views',
    answer: recentViewsAnswerSchema,
    summary: 'List recent views',
    tag: 'activity',
    description: 'Polled every 10 s by the dashboard; answers are cached 5 s per account.',
  },
} as const satisfies EndpointTable;
