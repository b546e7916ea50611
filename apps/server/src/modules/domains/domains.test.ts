import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, createFunnel, memberOf } from '../funnels/funnels.fixtures.ts';

/**
 * A tiny authoritative DNS server on a local UDP port: it answers TXT questions from `records`
 * and NXDOMAIN for every other name.
 */
function startDnsServer(records: Map<string, string[][]>) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    // Question: labels from byte 12, then QTYPE and QCLASS.
    const labels: string[] = [];
    let offset = 12;
    while (query[offset] !== 0 && offset < query.length) {
      const length = query[offset] as number;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const qtype = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    const txt = qtype === 16 ? records.get(name) : undefined;
    const answers = (txt ?? []).map((strings) => {
      const rdata = Buffer.concat(
        strings.map((s) => Buffer.concat([Buffer.from([Buffer.byteLength(s)]), Buffer.from(s)])),
      );
      const head = Buffer.alloc(12);
      head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      head.writeUInt16BE(16, 2); // TXT
      head.writeUInt16BE(1, 4); // IN
      head.writeUInt32BE(60, 6); // TTL
      head.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([head, rdata]);
    });
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(records.has(name) ? 0x8580 : 0x8583, 2); // response, authoritative, NOERROR / NXDOMAIN
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(
      Buffer.concat([header, query.subarray(12, questionEnd), ...answers]),
      peer.port,
      peer.address,
    );
  });
  return new Promise<{ port: number; close: () => Promise<void> }>((resolve) => {
    socket.bind(0, '127.0.0.1', () =>
      resolve({
        port: (socket.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => socket.close(() => done())),
      }),
    );
  });
}

let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
const records = new Map<string, string[][]>();
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

beforeAll(async () => {
  dns = await startDnsServer(records);
  t = await createTestApp({ config: { dnsServers: [`127.0.0.1:${dns.port}`] } });
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

describe('domains', () => {
  it('validates the syntax of a domain name', async () => {
    const good = await api.post('domains/validate', { name: 'https://Shop.Example.com/' });
    expect(good.json().data).toEqual({ valid: true, name: 'shop.example.com', message: null });
    const bad = await api.post('domains/validate', { name: 'shop example' });
    expect(bad.json().data).toMatchObject({ valid: false });
    expect(bad.json().data.message).toMatch(/without a path, port or spaces/);
  });

  it('adds a domain with the TXT record to publish, and refuses a bad or repeated name', async () => {
    const created = await api.post('domains', { name: 'Shop.Example.com' });
    expect(created.statusCode).toBe(201);
    const domain = created.json().data;
    expect(domain).toMatchObject({
      name: 'shop.example.com',
      status: 'pending',
      verified: false,
      verification: { type: 'TXT', name: '_funnelwork.shop.example.com' },
    });
    expect(domain.verification.value).toMatch(/^funnelwork-verify=[0-9a-f]{32}$/);
    const again = await api.post('domains', { name: 'shop.example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.field).toBe('data.name');
    const bad = await api.post('domains', { name: 'localhost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('data.name');
  });

  it('verifies through DNS: fails without the record, succeeds once the TXT record holds the token', async () => {
    const domain = (await api.post('domains', { name: 'verify.example.com' })).json().data;
    const missing = await api.post(`domains/${domain.id}/verify`);
    expect(missing.statusCode).toBe(200);
    expect(missing.json().data).toMatchObject({ status: 'failed', verified: false });
    expect(missing.json().data.last_error).toContain('_funnelwork.verify.example.com');

    records.set('_funnelwork.verify.example.com', [['funnelwork-verify=wrong']]);
    const wrong = await api.post(`domains/${domain.id}/verify`);
    expect(wrong.json().data).toMatchObject({ status: 'failed', verified: false });

    // Long TXT values arrive split into strings; they are joined before comparing.
    const value: string = domain.verification.value;
    records.set('_funnelwork.verify.example.com', [['v=spf1 -all'], [value.slice(0, 20), value.slice(20)]]);
    const verified = await api.post(`domains/${domain.id}/verify`);
    expect(verified.json().data).toMatchObject({ status: 'verified', verified: true, last_error: null });
    expect(verified.json().data.verified_at).not.toBeNull();

    // Another account cannot take a verified name.
    const other = await signUpOwner(t.app);
    const taken = await apiClient(t.app, other.auth).post('domains', { name: 'verify.example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('This domain is connected to another account');
  });

  it('connects a funnel to a domain, lists, renames (verification starts again) and deletes', async () => {
    const domain = (await api.post('domains', { name: 'connect.example.com' })).json().data;
    const funnel = await createFunnel(api);
    const patched = await api.patch(`funnels/${funnel.id}`, { domain_id: domain.id });
    expect(patched.json().data).toMatchObject({ domain_id: domain.id, domain_name: 'connect.example.com' });
    const list = (await api.get('domains')).json().data;
    expect(list.find((d: { id: number }) => d.id === domain.id)).toMatchObject({ funnels_count: 1 });
    const renamed = await api.patch(`domains/${domain.id}`, { name: 'connect2.example.com' });
    expect(renamed.json().data).toMatchObject({ name: 'connect2.example.com', status: 'pending' });
    expect((await api.delete(`domains/${domain.id}`)).statusCode).toBe(200);
    expect((await api.get(`funnels/${funnel.id}`)).json().data).toMatchObject({
      domain_id: null,
      domain_name: null,
    });
  });

  it('answers 403 to domain writes without the funnels flag', async () => {
    const editor = await memberOf(t, owner, { editor: true });
    const res = await editor.api.post('domains', { name: 'nope.example.com' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
  });
});
