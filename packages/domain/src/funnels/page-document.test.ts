import { describe, expect, it } from 'vitest';
import { defaultPageSettings, documentForTemplateApply, emptyPageDocument } from './page-document.ts';

describe('page document defaults (spec §9)', () => {
  it('"Default page padding: top 68, left and right 30, … 100 … (pages)"', () => {
    expect(defaultPageSettings().padding).toEqual({ top: 68, right: 30, bottom: 100, left: 30 });
  });
  it('"Default font Roboto 14, colour #252A32."', () => {
    expect(defaultPageSettings().font).toMatchObject({ family: 'Roboto', size: 14, color: '#252A32' });
  });
  it('an empty document has no sections, rows or blocks', () => {
    expect(emptyPageDocument()).toMatchObject({ content: [], rows: {}, children: {} });
  });
});

describe('template apply (spec §4)', () => {
  const template = { content: ['s1'], rows: { r1: {} }, children: {}, settings: { direction: 'rtl' } };
  it('"if there is no config or a clear flag is set, the document resets to empty with default page settings"', () => {
    expect(documentForTemplateApply(null, false)).toEqual(emptyPageDocument());
    expect(documentForTemplateApply(undefined, false)).toEqual(emptyPageDocument());
    expect(documentForTemplateApply({}, false)).toEqual(emptyPageDocument());
    expect(documentForTemplateApply(template, true)).toEqual(emptyPageDocument());
  });
  it('otherwise uses the template document', () => {
    expect(documentForTemplateApply(template, false)).toBe(template);
  });
});
