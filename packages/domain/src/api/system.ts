import type { EndpointTable } from './endpoint.ts';

export const systemEndpoints = {
  metrics: {
    method: 'GET',
    path: '/metrics',
    access: { public: 'Prometheus scrapes it; the route checks METRICS_TOKEN itself.' },
    summary: 'Prometheus metrics',
    tag: 'system',
  },
  health: {
    method: 'GET',
    path: '/api/health',
    access: { public: 'Load balancers and monitors ask it without credentials; it reveals no account data.' },
    summary: 'Health check',
    tag: 'system',
  },
  version: {
    method: 'GET',
    path: '/api/version',
    access: { public: 'Load balancers and monitors ask it without credentials; it reveals no account data.' },
    summary: 'The running version',
    tag: 'system',
  },
  dashboard: {
    method: 'GET',
    path: '/*',
    access: { public: "The dashboard's pages: the app routes on the client and asks for a sign-in itself." },
    summary: "The dashboard's HTML for every page path",
    tag: 'system',
  },
} as const satisfies EndpointTable;
