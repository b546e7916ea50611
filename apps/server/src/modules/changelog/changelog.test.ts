import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';

const changelogPath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../CHANGELOG.md',
);
const CHAT = 'https://chat.support-provider.example/widget/v2.js';

// Issue 36 §6: the header's changelog widget and chat-support widget (spec §2.5 "also present").
describe('with a changelog and a chat widget configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { changelogPath, chatWidgetUrl: CHAT } });
  });
  afterAll(() => t.close());

  it('answers the project’s CHANGELOG.md as dated entries, newest first, to a signed-in member', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/changelog' })).statusCode).toBe(401);
    const owner = await signUpOwner(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/changelog', headers: owner.auth });
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as Array<{ date: string; changes: string[] }>;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]?.changes.some((change) => /Stripe/.test(change))).toBe(true);
    const dates = entries.map((entry) => entry.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('names the chat provider’s script, and the dashboard’s CSP allows exactly its origin', async () => {
    const owner = await signUpOwner(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/chat-widget', headers: owner.auth });
    expect(res.json().data).toEqual({ script_url: CHAT });
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((part) => part.trim().startsWith(`${name} `));
    for (const name of ['script-src', 'connect-src', 'frame-src'])
      expect(directive(name), name).toBe(`${name} 'self' https://chat.support-provider.example`);
    expect(csp).not.toContain('/widget/v2.js');
  });
});

describe('without them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers no entries and no chat widget, and the CSP allows our own scripts only', async () => {
    const owner = await signUpOwner(t.app);
    const changelog = await t.app.inject({ method: 'GET', url: '/api/changelog', headers: owner.auth });
    expect(changelog.json().data).toEqual([]);
    const chat = await t.app.inject({ method: 'GET', url: '/api/chat-widget', headers: owner.auth });
    expect(chat.json().data).toEqual({ script_url: null });
    const csp = String(chat.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((part) => part.trim().startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('connect-src')).toBe("connect-src 'self'");
  });
});
