import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealedBox, deriveKey } from './sealed-box.ts';

describe('a sealed box', () => {
  const secret = randomBytes(32);
  const box = createSealedBox(deriveKey(secret, 'test/v1'), 'test secret');

  it('opens what it sealed, and each seal of the same text differs (a fresh nonce)', () => {
    const first = box.seal('sk_live_123', 'account/1');
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain('sk_live_123');
    expect(box.seal('sk_live_123', 'account/1')).not.toBe(first);
    expect(box.open(first, 'account/1')).toBe('sk_live_123');
  });

  it('does not open under another account, another use of the secret, or after a change', () => {
    const sealed = box.seal('secret', 'account/1');
    expect(() => box.open(sealed, 'account/2')).toThrow();
    expect(() => createSealedBox(deriveKey(secret, 'other/v1')).open(sealed, 'account/1')).toThrow();
    const [version, nonce, tag, body] = sealed.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(() => box.open([version, nonce, tag, flipped].join('.'), 'account/1')).toThrow();
    expect(() => box.open('plain text', 'account/1')).toThrow('Stored test secret is in an unknown format');
  });

  it('takes only a 32-byte key', () => {
    expect(() => createSealedBox(randomBytes(16), 'gateway credentials')).toThrow(
      'The gateway credentials key must be 32 bytes',
    );
  });
});
