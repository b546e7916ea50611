import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake service received. */
export type FakeRequest = {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON, or null. */
  json: unknown;
};

export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * A local HTTP server on 127.0.0.1 (port 0 unless given: the browser tests use a fixed one), answering JSON from `handle`: the base of the fake
 * Mailchimp, GA4 and Shopify servers. Every request is recorded in `requests`.
 */
export async function startFakeApi(handle: (request: FakeRequest) => FakeAnswer, port = 0) {
  const requests: FakeRequest[] = [];
  /** `latencyMs`: each answer is held this long (a slow service); `maxInFlight`: most requests open at once. */
  const load = { latencyMs: 0, inFlight: 0, maxInFlight: 0 };
  const server = http.createServer((incoming, response) => {
    let rawBody = '';
    incoming.on('data', (chunk) => {
      rawBody += chunk;
    });
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake.invalid');
      let json: unknown = null;
      try {
        json = rawBody ? JSON.parse(rawBody) : null;
      } catch {
        json = null;
      }
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        rawBody,
        json,
      };
      requests.push(request);
      const answer = handle(request);
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      const reply = () => {
        load.inFlight--;
        response
          .writeHead(answer.status, {
            ...(text ? { 'content-type': 'application/json' } : {}),
            ...answer.headers,
          })
          .end(text);
      };
      load.inFlight++;
      load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
      if (load.latencyMs > 0) setTimeout(reply, load.latencyMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    requests,
    load,
    port: bound,
    /** `127.0.0.1:port`, for OUTBOUND_ALLOW_HOSTS. */
    host: `127.0.0.1:${bound}`,
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
