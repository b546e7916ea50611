import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { encodingFor, ifNoneMatchHolds, type PageBody, pageBodySize } from './cdn.ts';
import type { SiteRef } from './hosts.ts';
import type { HostMatch, SiteData } from './site-data.ts';

/**
 * A shared published page's answer as it was sent, by the address it was asked at: its headers (the
 * security headers, CSP, type, cache policy and surrogate keys; never a cookie) and its body, with the
 * host lookup and site data it was made from.
 */
export type PageAnswer = {
  ref: SiteRef;
  host: HostMatch;
  site: SiteData;
  headers: Record<string, string | number | string[] | undefined>;
  body: PageBody;
};

/**
 * A kept answer with its header objects, made once per variant (304, identity, gzip, br): building them
 * per request (a spread of about twenty headers that Node then enumerates) cost more CPU than the rest
 * of the answer (bench/README.md, cdn).
 */
type KeptAnswer = {
  answer: PageAnswer;
  heads: Partial<Record<'notModified' | 'identity' | 'br' | 'gzip', OutgoingHttpHeaders>>;
};

/** The headers of a kept answer: the route's, its validator, and the encoding and length of its bytes. */
function headersOf(answer: PageAnswer, encoding: 'br' | 'gzip' | null, bytes: Buffer | null) {
  return {
    ...answer.headers,
    etag: answer.body.etag,
    vary: 'Accept-Encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
    ...(bytes ? { 'content-length': bytes.length } : {}),
  } as OutgoingHttpHeaders;
}

/** The address an answer is kept under: the host the page was asked on and the URL as asked. */
export const answerKey = (host: string | undefined, url: string | undefined) => `${host ?? ''} ${url ?? ''}`;

/**
 * Answers of shared published pages served before routing (docs/decisions/dashboard-and-delivery.md,
 * "Cached pages"): a GET of an address whose page was answered before, from the same host lookup and site
 * data (the very objects: a write's bump or a reload replaces them), is written to the socket as it was,
 * without Fastify's hooks, routing or reply, which were most of a cached page's CPU in a profile. A
 * 304 for a held validator; the body in the negotiated encoding once its copy is made (until then, and
 * for anything else, the request goes the usual way and its answer is kept again).
 */
export function createPageAnswers({
  hostOf,
  isCurrent,
  onServed,
  maxSize = 64 * 1024 * 1024,
}: {
  /** The host header a pages request is classified by (X-Forwarded-Host from a trusted proxy, else Host). */
  hostOf: (raw: IncomingMessage) => string | undefined;
  /** Whether the answer's host lookup and site data are still the ones a request would use. */
  isCurrent: (answer: PageAnswer) => boolean;
  /** Each answer served from here (the metrics count them as the route would). */
  onServed?: (request: IncomingMessage, statusCode: number, startedAt: bigint) => void;
  maxSize?: number;
}) {
  const answers = new LRUCache<string, KeptAnswer>({
    maxSize,
    sizeCalculation: (kept) => pageBodySize(kept.answer.body),
  });
  return {
    /** Keeps a shared page's answer (not one that sets a cookie: that is for its visitor only). */
    keep(raw: IncomingMessage, url: string, answer: PageAnswer) {
      if (answer.headers['set-cookie'] !== undefined) return;
      answers.set(answerKey(hostOf(raw), url), { answer, heads: {} });
    },
    /** Sends the kept answer of this request's address; false when the request must go the usual way. */
    serve(request: IncomingMessage, response: ServerResponse): boolean {
      if (request.method !== 'GET') return false;
      const key = answerKey(hostOf(request), request.url);
      const kept = answers.get(key);
      if (!kept) return false;
      if (!isCurrent(kept.answer)) {
        answers.delete(key);
        return false;
      }
      const startedAt = process.hrtime.bigint();
      const { body } = kept.answer;
      if (ifNoneMatchHolds(request.headers['if-none-match'], body.etag)) {
        kept.heads.notModified ??= headersOf(kept.answer, null, null);
        response.writeHead(304, kept.heads.notModified);
        response.end();
        onServed?.(request, 304, startedAt);
        return true;
      }
      const encoding = encodingFor(request.headers['accept-encoding']);
      const bytes = encoding === null ? body.raw : body.sent?.[encoding];
      if (!bytes) return false;
      const variant = encoding ?? 'identity';
      kept.heads[variant] ??= headersOf(kept.answer, encoding, bytes);
      response.writeHead(200, kept.heads[variant]);
      response.end(bytes);
      onServed?.(request, 200, startedAt);
      return true;
    },
    clear() {
      answers.clear();
    },
  };
}

export type PageAnswers = ReturnType<typeof createPageAnswers>;
