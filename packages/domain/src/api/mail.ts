import type { EndpointTable } from './endpoint.ts';

export const mailEndpoints = {
  unsubscribePage: {
    method: 'GET',
    path: '/_fw/unsubscribe/:token',
    access: { public: 'Links in sent e-mails; the signed token names the recipient.' },
    summary: 'The unsubscribe page',
    tag: 'mail',
  },
  unsubscribe: {
    method: 'POST',
    path: '/_fw/unsubscribe/:token',
    access: { public: 'Links in sent e-mails; the signed token names the recipient.' },
    summary: 'Unsubscribe from marketing e-mail',
    tag: 'mail',
  },
  openPixel: {
    method: 'GET',
    path: '/_fw/o/:token',
    access: { public: 'Links in sent e-mails; the signed token names the recipient.' },
    summary: 'Record an e-mail open',
    tag: 'mail',
  },
  clickLink: {
    method: 'GET',
    path: '/_fw/c/:token',
    access: { public: 'Links in sent e-mails; the signed token names the recipient.' },
    summary: 'Record an e-mail click and redirect',
    tag: 'mail',
  },
} as const satisfies EndpointTable;
