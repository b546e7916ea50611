import type { EndpointTable } from './endpoint.ts';

export const appsEndpoints = {
  listApps: {
    method: 'GET',
    path: '/api/apps',
    summary: 'List apps',
    tag: 'apps',
  },
  getApp: {
    method: 'GET',
    path: '/api/apps/:id',
    summary: 'Get app',
    tag: 'apps',
    description: 'An app by id or slug, with its settings schema and methods.',
  },
  getAppHowto: {
    method: 'GET',
    path: '/api/app-howtos/:id',
    summary: 'Get app howto',
    tag: 'apps',
  },
  updateUserApp: {
    method: 'PATCH',
    path: '/api/user-apps/:id',
    access: { permission: 'funnels' },
    summary: 'Update user app',
    tag: 'apps',
    description: "The account's switch of app {id}: off stops it in every funnel, keeping their settings.",
  },
  callMethodApp: {
    method: 'POST',
    path: '/api/apps/:id/call-method',
    access: { permission: 'funnels' },
    summary: 'Call method app',
    tag: 'apps',
    description: "Runs method {method} of app {id} with funnel {funnelId}'s saved settings of it.",
  },
  connectApp: {
    method: 'POST',
    path: '/api/apps/:id/connect',
    access: { permission: 'admin' },
    summary: 'Connect app',
    tag: 'apps',
    description:
      "Starts the OAuth connect of the app's integration (code with PKCE): answers the consent URL, which returns to /apps/{slug}/connect-redirect. Admins only.",
  },
  connectRedirectApp: {
    method: 'POST',
    path: '/api/apps/:id/connect-redirect',
    access: { permission: 'admin' },
    summary: 'Connect redirect app',
    tag: 'apps',
    description:
      'Completes the connect with what the OAuth service added to /apps/{slug}/connect-redirect: the state is used once and must be of this account; the code is exchanged with the PKCE verifier.',
  },
} as const satisfies EndpointTable;
