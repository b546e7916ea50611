import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveSecrets,
  newSigningSecret,
  rotatedSecrets,
  SECRET_OVERLAP_MS,
  signedHeaders,
} from './webhook.signature.ts';

type Verify = (rawBody: string | Buffer, headers: Record<string, string>) => unknown;

const WEBHOOKS_DOC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../docs/webhooks.md',
);
let dir = '';
let secret = '';
let verify: Verify;

// The receiver's check exactly as docs/webhooks.md prints it, loaded as a module of its own with the
// secret in the environment: a change to the signer or to the documented snippet that parts them fails here.
beforeAll(async () => {
  const doc = readFileSync(WEBHOOKS_DOC, 'utf8');
  const snippet = /## Checking the signature[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!snippet) throw new Error('docs/webhooks.md has no js snippet under "Checking the signature"');
  dir = mkdtempSync(path.join(tmpdir(), 'fw-webhook-doc-'));
  const file = path.join(dir, 'verify.mjs');
  // Imported from this repository's node_modules, as a receiver's project would have it installed.
  writeFileSync(
    file,
    snippet.replace("from 'standardwebhooks'", `from '${import.meta.resolve('standardwebhooks')}'`),
  );
  secret = newSigningSecret();
  process.env.FUNNELWORK_WEBHOOK_SECRET = secret;
  ({ verifyFunnelworkDelivery: verify } = (await import(pathToFileURL(file).href)) as {
    verifyFunnelworkDelivery: Verify;
  });
});
afterAll(() => {
  delete process.env.FUNNELWORK_WEBHOOK_SECRET;
  rmSync(dir, { recursive: true, force: true });
});

const body = '{"id":"evt_7","type":"order.paid","data":{"order_id":4001,"amount_minor":11400}}';
const now = () => Math.floor(Date.now() / 1000);

describe('Standard Webhooks signatures', () => {
  it('secrets are whsec_ and 32 bytes of standard base64, as the libraries read them', () => {
    expect(newSigningSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(() => new Webhook(newSigningSecret())).not.toThrow();
  });

  it('the documented Node snippet accepts what the server signs, as text or bytes', () => {
    const headers = signedHeaders({ id: 'evt_7', body, secrets: [secret] });
    expect(headers['webhook-id']).toBe('evt_7');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verify(body, headers)).toEqual(JSON.parse(body));
    expect(verify(Buffer.from(body), headers)).toEqual(JSON.parse(body));
  });

  it('refuses a tampered body, another id, another secret and an old timestamp', () => {
    const headers = signedHeaders({ id: 'evt_7', body, secrets: [secret] });
    expect(() => verify(body.replace('11400', '1'), headers)).toThrow(/signature/i);
    expect(() => verify(body, { ...headers, 'webhook-id': 'evt_8' })).toThrow(/signature/i);
    const other = signedHeaders({ id: 'evt_7', body, secrets: [newSigningSecret()] });
    expect(() => verify(body, other)).toThrow(/signature/i);
    // A delivery captured six minutes ago and replayed, signed correctly for its time.
    const old = signedHeaders({ id: 'evt_7', body, secrets: [secret], timestampSeconds: now() - 360 });
    expect(() => verify(body, old)).toThrow(/timestamp/i);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', () => {
    const start = Date.parse('2026-11-29T00:00:00Z');
    const rotated = rotatedSecrets({ signing_secret: secret }, start);
    expect(rotated.signing_secret).not.toBe(secret);
    expect(rotated.previous_signing_secret).toBe(secret);
    const during = liveSecrets(rotated, start + SECRET_OVERLAP_MS - 1);
    expect(during).toEqual([rotated.signing_secret, secret]);
    const headers = signedHeaders({ id: 'evt_9', body, secrets: during });
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    // A receiver still on the old secret and one already on the new one both accept it.
    expect(verify(body, headers)).toBeTruthy();
    expect(new Webhook(rotated.signing_secret as string).verify(body, headers)).toBeTruthy();
    expect(liveSecrets(rotated, start + SECRET_OVERLAP_MS)).toEqual([rotated.signing_secret]);
  });
});
