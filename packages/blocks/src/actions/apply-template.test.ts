import { describe, expect, it } from 'vitest';
import { CORRUPT_DOCUMENT_MESSAGE } from '../document/corrupt.ts';
import { emptyDocument } from '../document/empty.ts';
import { defaultPageSettings } from '../document/page-settings.ts';
import { deepFreeze, samplePage } from '../test-support.ts';
import { applyTemplate } from './apply-template.ts';

describe('applyTemplate', () => {
  it('"if there is no config … the document resets to empty with default page settings"', () => {
    const page = deepFreeze(samplePage());
    for (const config of [null, undefined, '', '  ', {}]) {
      expect(applyTemplate(page, { type: 'applyTemplate', config })).toEqual({
        ok: true,
        document: emptyDocument(),
      });
    }
    expect(emptyDocument().settings).toEqual(defaultPageSettings('page'));
  });

  it('"… or a clear flag is set, the document resets to empty with default page settings"', () => {
    const template = samplePage();
    expect(
      applyTemplate(deepFreeze(samplePage()), { type: 'applyTemplate', config: template, clear: true }),
    ).toEqual({
      ok: true,
      document: emptyDocument(),
    });
  });

  it('an e-mail resets to the e-mail defaults (bottom padding 200)', () => {
    const email = {
      ...emptyDocument('email'),
      settings: { ...defaultPageSettings('email'), backgroundColor: '#000' },
    };
    const result = applyTemplate(email, { type: 'applyTemplate', config: null });
    expect(result).toEqual({ ok: true, document: emptyDocument('email') });
    expect(result.ok && result.document.settings.padding.bottom).toBe(200);
  });

  it('otherwise the template document replaces the page, from an object or its JSON text', () => {
    const template = samplePage();
    expect(applyTemplate(emptyDocument(), { type: 'applyTemplate', config: template })).toEqual({
      ok: true,
      document: template,
    });
    expect(
      applyTemplate(emptyDocument(), { type: 'applyTemplate', config: JSON.stringify(template) }),
    ).toEqual({
      ok: true,
      document: template,
    });
  });

  it('an old template is upgraded first, and the document keeps its own kind', () => {
    const oldTemplate = { content: [], rows: {}, children: {}, settings: { backgroundColor: '#123456' } };
    expect(applyTemplate(emptyDocument('email'), { type: 'applyTemplate', config: oldTemplate })).toEqual({
      ok: true,
      document: {
        ...emptyDocument('email'),
        settings: { ...defaultPageSettings('email'), backgroundColor: '#123456' },
      },
    });
    expect(applyTemplate(emptyDocument('email'), { type: 'applyTemplate', config: samplePage() })).toEqual({
      ok: true,
      document: { ...samplePage(), kind: 'email' },
    });
  });

  it('a template that cannot be read leaves the document as it is and says why', () => {
    expect(applyTemplate(samplePage(), { type: 'applyTemplate', config: '{"content":' })).toEqual({
      ok: false,
      error: { code: 'corrupt-template', message: CORRUPT_DOCUMENT_MESSAGE },
    });
    expect(applyTemplate(samplePage(), { type: 'applyTemplate', config: { content: 'nope' } })).toEqual({
      ok: false,
      error: { code: 'corrupt-template', message: CORRUPT_DOCUMENT_MESSAGE },
    });
  });
});
