import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound HTTP to addresses a merchant gave us (webhook URLs, API bases). Every request resolves the
 * name itself, refuses it when any address is not public, connects to the checked address (pinned, so
 * a second DNS answer cannot swap in 127.0.0.1), follows redirects by hand through the same check, and
 * has a deadline and a cap on the body it reads.
 */

/** Why a request was not sent: the address is not a public one, or the URL is not http(s). */
export class OutboundRefusedError extends Error {
  readonly code = 'outbound_refused';
}

/**
 * Whether `error`, or an error it wraps (`cause`), is a refusal of the address: final for a delivery,
 * since waiting does not make a private address public, so it fails at once instead of being retried.
 */
export function isOutboundRefusal(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    if (at instanceof OutboundRefusedError) return true;
  }
  return false;
}

/** The request went out but failed: timeout, connection error, too many redirects. */
export class OutboundFailedError extends Error {
  readonly code = 'outbound_failed';
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to every address it has (tests inject names that resolve to private ones). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafeFetchRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Bytes of the answer kept; the rest is not read (default 1 MiB). */
  maxResponseBytes?: number;
  /** Default 5; 0 answers the redirect itself. */
  maxRedirects?: number;
};

export type SafeFetchResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The answer was longer than `maxResponseBytes`; `body` holds its beginning. */
  truncated: boolean;
  /** The address that answered (after redirects). */
  url: string;
};

export type SafeFetch = ((url: string, request?: SafeFetchRequest) => Promise<SafeFetchResponse>) & {
  /** Refuses `url` as a request to it would be refused, without sending anything (a form's check). */
  check(url: string): Promise<void>;
  /**
   * The checked address of a host and port reached by another protocol (an SMTP server): the same
   * refusal of private addresses after DNS, and the same `allowHosts` exception, as a URL gets. Connect
   * to the answer (pinned), not to the name.
   */
  checkHost(hostname: string, port: number): Promise<ResolvedAddress>;
};

const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}
// A list of its own: Node matches IPv4 addresses against ::ffff:0:0/96, which would refuse them all.
const blockedV6 = new BlockList();
// Every IPv6 spelling that embeds an IPv4 address is refused whole, whatever the embedded address: a
// merchant's endpoint has a plain IPv4 or IPv6 address, and these reach a private one as easily.
for (const [network, prefix] of [
  ['::', 96], // IPv4-compatible (::127.0.0.1), with the unspecified :: and loopback ::1
  ['::ffff:0:0', 96], // IPv4-mapped (::ffff:127.0.0.1)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64 embeds an IPv4 address
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 embeds an IPv4 address
  ['fc00::', 7], // unique local, includes AWS metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is a public unicast one that merchant-given URLs may reach. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  if (family === 6) return !blockedV6.check(address, 'ipv6');
  return false;
}

const defaultResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function createSafeFetch({
  resolve = defaultResolver,
  allowHosts = [],
}: {
  resolve?: HostResolver;
  /**
   * `host:port` pairs reached even though they are private (tests' local fake servers, OUTBOUND_ALLOW_HOSTS).
   * Matched against the URL as written, never against what a name resolves to.
   */
  allowHosts?: readonly string[];
} = {}): SafeFetch {
  const allowed = new Set(allowHosts.map((entry) => entry.trim().toLowerCase()).filter(Boolean));

  /** The checked address to connect to for `url`, or a refusal. */
  async function addressFor(url: URL): Promise<ResolvedAddress> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundRefusedError(`Refused ${url.protocol}// address: only http and https are allowed`);
    }
    if (url.username || url.password) {
      throw new OutboundRefusedError('Refused address with a user name or password in it');
    }
    // WHATWG URL parsing has already turned 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 into 127.0.0.1.
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const literal = isIP(hostname);
    let addresses: ResolvedAddress[];
    if (literal) {
      addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
    } else if (/(^|\.)localhost\.?$/i.test(hostname)) {
      // RFC 6761: localhost and its subdomains are the loopback, whatever a resolver says.
      addresses = [{ address: '127.0.0.1', family: 4 }];
    } else {
      try {
        addresses = await resolve(hostname);
      } catch {
        throw new OutboundFailedError(`Could not resolve ${hostname}`);
      }
      if (addresses.length === 0) throw new OutboundFailedError(`Could not resolve ${hostname}`);
    }
    if (allowed.has(`${url.hostname.toLowerCase()}:${port}`)) return addresses[0] as ResolvedAddress;
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      throw new OutboundRefusedError(
        literal
          ? `Refused ${url.hostname}: not a public address`
          : `Refused ${hostname}: it resolves to a non-public address (${refused.address})`,
      );
    }
    return addresses[0] as ResolvedAddress;
  }

  function once(
    url: URL,
    pinned: ResolvedAddress,
    request: Required<Pick<SafeFetchRequest, 'method' | 'maxResponseBytes'>> & SafeFetchRequest,
    signal: AbortSignal,
  ): Promise<SafeFetchResponse> {
    return new Promise((done, fail) => {
      const client = url.protocol === 'https:' ? https : http;
      const body = request.body === undefined ? undefined : Buffer.from(request.body);
      const outgoing = client.request(
        url,
        {
          method: request.method,
          headers: {
            ...request.headers,
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
          signal,
          agent: false,
          // The connection goes to the address checked above, whatever the name resolves to now.
          lookup: (_hostname, options, callback) => {
            if ((options as { all?: boolean }).all) {
              (callback as unknown as (e: null, list: ResolvedAddress[]) => void)(null, [pinned]);
            } else {
              callback(null, pinned.address, pinned.family);
            }
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          let size = 0;
          let truncated = false;
          const finish = () =>
            done({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks),
              truncated,
              url: url.toString(),
            });
          incoming.on('data', (chunk: Buffer) => {
            if (truncated) return;
            const room = request.maxResponseBytes - size;
            if (chunk.length > room) {
              chunks.push(chunk.subarray(0, room));
              size += room;
              truncated = true;
              // Enough read: the rest is never downloaded.
              incoming.destroy();
              finish();
              return;
            }
            chunks.push(chunk);
            size += chunk.length;
          });
          incoming.on('end', finish);
          incoming.on('error', (error) => {
            if (!truncated) fail(error);
          });
        },
      );
      outgoing.on('error', fail);
      outgoing.end(body);
    });
  }

  function parse(address: string): URL {
    try {
      return new URL(address);
    } catch {
      throw new OutboundRefusedError('Refused: not a valid URL');
    }
  }

  const safeFetch = async (address: string, request: SafeFetchRequest = {}) => {
    const timeoutMs = request.timeoutMs ?? 10_000;
    const maxRedirects = request.maxRedirects ?? 5;
    const signal = AbortSignal.timeout(timeoutMs);
    let url = parse(address);
    let method = request.method ?? 'GET';
    let body = request.body;
    let headers = { ...request.headers };
    for (let hop = 0; ; hop++) {
      const pinned = await addressFor(url);
      let answer: SafeFetchResponse;
      try {
        answer = await once(
          url,
          pinned,
          { ...request, method, body, headers, maxResponseBytes: request.maxResponseBytes ?? 1_048_576 },
          signal,
        );
      } catch (error) {
        if (signal.aborted) throw new OutboundFailedError(`No answer within ${timeoutMs} ms`);
        throw new OutboundFailedError(
          `Could not reach ${url.host}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.status) || !location || maxRedirects === 0) return answer;
      if (hop >= maxRedirects) throw new OutboundFailedError(`More than ${maxRedirects} redirects`);
      const next = new URL(location, url);
      if (next.origin !== url.origin) {
        const { authorization: _authorization, cookie: _cookie, ...rest } = headers;
        headers = rest;
      }
      // 303 (and 301/302 after a POST, as browsers do) continue as a GET without the body.
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      url = next;
    }
  };
  return Object.assign(safeFetch, {
    async check(address: string) {
      await addressFor(parse(address));
    },
    async checkHost(hostname: string, port: number) {
      // A URL parses the host as addressFor expects it (IP forms normalised, IPv6 bracketed).
      const literal = isIP(hostname) === 6 ? `[${hostname}]` : hostname;
      let url: URL;
      try {
        url = new URL(`http://${literal}:${port}/`);
      } catch {
        throw new OutboundRefusedError(`Refused ${hostname}: not a valid host name`);
      }
      if (url.pathname !== '/' || url.search || url.hash || url.username) {
        throw new OutboundRefusedError(`Refused ${hostname}: not a valid host name`);
      }
      // Port 80 is the URL's default and disappears from url.port; the allow list names it all the same.
      return addressFor(url);
    },
  });
}
