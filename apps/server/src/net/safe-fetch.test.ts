import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createSafeFetch,
  type HostResolver,
  isOutboundRefusal,
  isPublicAddress,
  OutboundFailedError,
  OutboundRefusedError,
} from './safe-fetch.ts';

/** A local server standing in for a merchant's endpoint; `handler` answers by path. */
async function startServer(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// Names resolving to private addresses, as an attacker's DNS would answer (localtest.me style).
const names: Record<string, Array<{ address: string; family: 4 | 6 }>> = {
  'localtest.example': [{ address: '127.0.0.1', family: 4 }],
  'metadata.example': [{ address: '169.254.169.254', family: 4 }],
  'mixed.example': [
    { address: '93.184.215.14', family: 4 },
    { address: '10.1.2.3', family: 4 },
  ],
  'v6-loopback.example': [{ address: '::1', family: 6 }],
  'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'compatible.example': [{ address: '::127.0.0.1', family: 6 }],
  'fake.test': [{ address: '127.0.0.1', family: 4 }],
};
const resolve: HostResolver = async (hostname) => {
  const found = names[hostname];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

let receiver: Awaited<ReturnType<typeof startServer>>;
let other: Awaited<ReturnType<typeof startServer>>;
let hits = 0;

beforeAll(async () => {
  other = await startServer((_request, response) => {
    hits++;
    response.end('secret internal answer');
  });
  receiver = await startServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/to-loopback') {
      response.writeHead(302, { location: `http://127.0.0.1:${other.port}/` }).end();
    } else if (path === '/to-metadata') {
      response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (path === '/to-v6-loopback') {
      response.writeHead(301, { location: `http://[::1]:${other.port}/` }).end();
    } else if (path === '/to-name') {
      response.writeHead(302, { location: `http://localtest.example:${other.port}/` }).end();
    } else if (path.startsWith('/loop/')) {
      const n = Number(path.slice(6));
      if (n >= 5) response.end(`arrived after ${n}`);
      else response.writeHead(302, { location: `/loop/${n + 1}` }).end();
    } else if (path === '/echo') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => response.end(`${request.method} ${request.headers.host} ${body}`));
    } else if (path === '/big') {
      response.end('x'.repeat(200_000));
    } else if (path === '/slow') {
      setTimeout(() => response.end('late'), 2_000);
    } else {
      response.end('ok');
    }
  });
});
afterAll(async () => {
  await receiver.close();
  await other.close();
});

const guarded = () => createSafeFetch({ resolve, allowHosts: [`127.0.0.1:${receiver.port}`] });

describe('the SSRF corpus is refused, with the guard on', () => {
  const corpus = () => [
    `http://127.0.0.1:${other.port}/`,
    'http://127.0.0.1/',
    'http://[::1]/',
    `http://[::1]:${other.port}/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://10.0.0.1/',
    'http://10.255.255.255/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    `http://0.0.0.0:${other.port}/`,
    'http://0/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/',
    'http://017700000001/',
    'http://127.1/',
    'http://127.0.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    `http://[::127.0.0.1]:${other.port}/`,
    'http://[::7f00:1]/',
    'http://[::169.254.169.254]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[2002:7f00:1::1]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://localtest.example/',
    `http://localtest.example:${other.port}/`,
    'http://metadata.example/',
    'http://mixed.example/',
    'http://v6-loopback.example/',
    'http://mapped.example/',
    'http://compatible.example/',
    `http://127.0.0.1:${receiver.port}/to-loopback`,
    `http://127.0.0.1:${receiver.port}/to-metadata`,
    `http://127.0.0.1:${receiver.port}/to-v6-loopback`,
    `http://127.0.0.1:${receiver.port}/to-name`,
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'ftp://example.com/',
    'http://user:pass@example.com/',
  ];

  test('every entry is refused with a clear error and nothing reaches the private server', async () => {
    const fetch = guarded();
    const results = await Promise.all(
      corpus().map(async (url) => {
        try {
          await fetch(url, { method: 'POST', body: '{}' });
          return { url, refused: false, message: '' };
        } catch (error) {
          return {
            url,
            refused: error instanceof OutboundRefusedError,
            message: (error as Error).message,
          };
        }
      }),
    );
    const notRefused = results.filter((result) => !result.refused);
    expect(notRefused).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(47);
    for (const result of results) expect(result.message).toMatch(/^Refused/);
    expect(hits).toBe(0);
  });

  test('the message names the name and the private address it resolved to', async () => {
    await expect(guarded()('http://localtest.example/hook')).rejects.toThrow(
      'Refused localtest.example: it resolves to a non-public address (127.0.0.1)',
    );
    await expect(guarded()(`http://127.0.0.1:${receiver.port}/to-loopback`)).rejects.toThrow(
      'Refused 127.0.0.1: not a public address',
    );
  });

  test('a name resolved by the system (localhost) is refused too', async () => {
    await expect(createSafeFetch()('http://localhost/')).rejects.toBeInstanceOf(OutboundRefusedError);
  });

  test('with no allow-list even the test receiver is refused', async () => {
    await expect(createSafeFetch({ resolve })(`http://127.0.0.1:${receiver.port}/`)).rejects.toThrow(
      OutboundRefusedError,
    );
  });
});

describe('what the guard lets through', () => {
  test('public unicast addresses pass, the others do not', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) {
      expect(isPublicAddress(address)).toBe(true);
    }
    // Every IPv6 spelling that embeds an IPv4 address is refused, even of a public one (docs/decisions/accounts-and-security.md).
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:8.8.8.8',
      '::127.0.0.1',
      '::8.8.8.8',
      '0:0:0:0:0:0:7f00:1',
      '::ffff:0:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '2001:0:4136:e378::1',
      'fd00:ec2::254',
      '100.127.255.255',
      'nope',
    ]) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });

  test('a refusal is told apart from a failure, also wrapped by an adapter (cause)', () => {
    const refused = new OutboundRefusedError('Refused 127.0.0.1: not a public address');
    expect(isOutboundRefusal(refused)).toBe(true);
    expect(isOutboundRefusal(new Error('Could not reach GA4', { cause: refused }))).toBe(true);
    expect(isOutboundRefusal(new OutboundFailedError('No answer within 200 ms'))).toBe(false);
    expect(isOutboundRefusal(new Error('x', { cause: new Error('y') }))).toBe(false);
    expect(isOutboundRefusal('Refused')).toBe(false);
  });

  test('an allowed host is reached, with its method, body and Host header', async () => {
    const answer = await guarded()(`http://127.0.0.1:${receiver.port}/echo`, {
      method: 'POST',
      body: '{"a":1}',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(`POST 127.0.0.1:${receiver.port} {"a":1}`);
  });

  test('the connection goes to the address the check saw (pinned), under the name the URL gave', async () => {
    const fetch = createSafeFetch({ resolve, allowHosts: [`fake.test:${receiver.port}`] });
    const answer = await fetch(`http://fake.test:${receiver.port}/echo`, { method: 'POST', body: 'x' });
    expect(answer.body.toString()).toBe(`POST fake.test:${receiver.port} x`);
  });

  test('redirects are followed at most five times', async () => {
    const fetch = guarded();
    const fine = await fetch(`http://127.0.0.1:${receiver.port}/loop/0`);
    expect(fine.body.toString()).toBe('arrived after 5');
    await expect(fetch(`http://127.0.0.1:${receiver.port}/loop/-1`)).rejects.toThrow('More than 5 redirects');
    const unfollowed = await fetch(`http://127.0.0.1:${receiver.port}/loop/0`, { maxRedirects: 0 });
    expect(unfollowed.status).toBe(302);
  });

  test('the answer is capped: the beginning is kept and marked truncated', async () => {
    const answer = await guarded()(`http://127.0.0.1:${receiver.port}/big`, { maxResponseBytes: 1000 });
    expect(answer.body.length).toBe(1000);
    expect(answer.truncated).toBe(true);
  });

  test('a slow answer fails after the timeout', async () => {
    await expect(guarded()(`http://127.0.0.1:${receiver.port}/slow`, { timeoutMs: 200 })).rejects.toThrow(
      new OutboundFailedError('No answer within 200 ms'),
    );
  });
});

describe('checkHost: a host and port for another protocol (an SMTP server)', () => {
  const guard = createSafeFetch({ resolve, allowHosts: ['fake.test:2525', '127.0.0.1:80'] });

  test('refuses private literals, their other spellings and names resolving to private addresses', async () => {
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '::1',
      '::ffff:127.0.0.1',
      '::127.0.0.1',
      '::7f00:1',
      '10.1.2.3',
      '169.254.169.254',
      '0.0.0.0',
      'localtest.example',
      'metadata.example',
      'mixed.example',
      'v6-loopback.example',
      'mapped.example',
      'compatible.example',
    ]) {
      await expect(guard.checkHost(host, 25), host).rejects.toBeInstanceOf(OutboundRefusedError);
    }
  });

  test('refuses what is not a host name, without resolving it', async () => {
    for (const host of ['evil.example/x', 'user@fake.test', 'a b', 'fake.test#x']) {
      await expect(guard.checkHost(host, 25), host).rejects.toBeInstanceOf(OutboundRefusedError);
    }
  });

  test('answers the checked address of a public host, and of an allowed host:port only', async () => {
    await expect(guard.checkHost('93.184.215.14', 587)).resolves.toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    await expect(guard.checkHost('fake.test', 2525)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(guard.checkHost('fake.test', 25)).rejects.toBeInstanceOf(OutboundRefusedError);
    // Port 80 is a URL's default and vanishes from it; the allow list still matches it.
    await expect(guard.checkHost('127.0.0.1', 80)).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(guard.checkHost('unknown.example', 25)).rejects.toBeInstanceOf(OutboundFailedError);
  });
});
