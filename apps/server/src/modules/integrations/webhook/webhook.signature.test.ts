import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSigningSecret, signatureHeader } from './webhook.signature.ts';

type Verify = (
  rawBody: string | Buffer,
  header: string,
  secret: string,
  toleranceSeconds?: number,
) => boolean;

const WEBHOOKS_DOC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../../docs/webhooks.md',
);
let dir = '';
let verify: Verify;

// The receiver's check exactly as docs/webhooks.md prints it, loaded as a module of its own: a change
// to the signer or to the documented snippet that parts them fails here.
beforeAll(async () => {
  const doc = readFileSync(WEBHOOKS_DOC, 'utf8');
  const snippet = /## Checking the signature[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!snippet) throw new Error('docs/webhooks.md has no js snippet under "Checking the signature"');
  dir = mkdtempSync(path.join(tmpdir(), 'fw-webhook-doc-'));
  const file = path.join(dir, 'verify.mjs');
  writeFileSync(file, snippet);
  ({ verifyFunnelworkSignature: verify } = (await import(pathToFileURL(file).href)) as {
    verifyFunnelworkSignature: Verify;
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the documented verification snippet (docs/webhooks.md)', () => {
  const body = '{"id":"evt_7","type":"order.paid","data":{"order_id":4001,"amount_minor":11400}}';
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts what the server signs, over the raw body as text or bytes', () => {
    const secret = newSigningSecret();
    const header = signatureHeader(secret, now(), body);
    expect(verify(body, header, secret)).toBe(true);
    expect(verify(Buffer.from(body), header, secret)).toBe(true);
  });

  it('refuses another body, another secret, a forged digest and an old timestamp', () => {
    const secret = newSigningSecret();
    const header = signatureHeader(secret, now(), body);
    expect(verify(`${body} `, header, secret)).toBe(false);
    expect(verify(body, header, newSigningSecret())).toBe(false);
    expect(
      verify(
        body,
        header.replace(/v1=./, (v) => `v1=${v.at(-1) === '0' ? '1' : '0'}`),
        secret,
      ),
    ).toBe(false);
    expect(verify(body, 't=,v1=', secret)).toBe(false);
    // A delivery captured six minutes ago and replayed, signed correctly for its time.
    expect(verify(body, signatureHeader(secret, now() - 360, body), secret)).toBe(false);
    expect(verify(body, signatureHeader(secret, now() - 360, body), secret, 600)).toBe(true);
  });
});
