import { describe, expect, it } from 'vitest';
import {
  automationsLink,
  clearEmailContext,
  emailContextOf,
  emailEditorBase,
  storedEmailContext,
  storeEmailContext,
} from './email-context.ts';

describe('the e-mail editor route (spec §2.4)', () => {
  it('reads funnel, wfunnel and global routes with a template id or new, and their panel tails', () => {
    expect(emailContextOf('/email-editor/funnel/3/12/7/45')).toEqual({
      kind: 'funnel',
      funnel: 3,
      automation: '12',
      user: 7,
      key: 45,
    });
    expect(emailContextOf('/email-editor/wfunnel/3/12/7/new/properties/5')).toMatchObject({
      kind: 'wfunnel',
      key: 'new',
    });
    expect(emailContextOf('/email-editor/global/9/7/45/code')).toEqual({
      kind: 'global',
      funnel: null,
      automation: '9',
      user: 7,
      key: 45,
    });
    for (const bad of [
      '/email-editor/funnel/x/1/2/3',
      '/email-editor/global/1/2',
      '/email-editor/code',
      '/x',
    ]) {
      expect(emailContextOf(bad)).toBeNull();
    }
  });

  it('builds the base back and links "Go back to automations" to the automation, else /automations', () => {
    const funnel = emailContextOf('/email-editor/wfunnel/3/12/7/45');
    if (!funnel) throw new Error('route');
    expect(emailEditorBase(funnel)).toBe('/email-editor/wfunnel/3/12/7/45');
    const back = (context: typeof funnel) => automationsLink(context).to;
    expect(back(funnel)).toBe('/wfunnel/3/automations/12');
    expect(back({ ...funnel, kind: 'funnel' })).toBe('/funnel/3/automations/12/45');
    expect(back({ ...funnel, kind: 'global', funnel: null })).toBe('/automations/12');
    expect(automationsLink({ ...funnel, automation: 'none' })).toEqual({
      to: '/automations',
      label: 'Go back to automations',
    });
  });

  it("goes back to Settings → Store e-mails from a receipt's design (automation 0)", () => {
    const receipt = emailContextOf('/email-editor/global/0/7/45');
    if (!receipt) throw new Error('route');
    expect(automationsLink(receipt)).toEqual({
      to: '/settings/store-emails',
      label: 'Go back to store e-mails',
    });
  });
});

/** A tab's sessionStorage, in memory. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the stored e-mail context', () => {
  it('is kept while the editor is open and cleared when leaving', () => {
    const context = emailContextOf('/email-editor/global/9/7/45');
    if (!context) throw new Error('route');
    const storage = memoryStorage();
    storeEmailContext(context, storage);
    expect(storedEmailContext(storage)).toEqual(context);
    clearEmailContext(storage);
    expect(storedEmailContext(storage)).toBeNull();
  });

  it('ignores a stored value that is not a context', () => {
    const storage = memoryStorage();
    storage.setItem('funnelwork.emailEditor', '{"kind":"x"}');
    expect(storedEmailContext(storage)).toBeNull();
  });
});
