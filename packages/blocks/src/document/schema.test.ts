import { describe, expect, it } from 'vitest';
import { samplePage } from '../test-support.ts';
import { emptyDocument } from './empty.ts';
import { type DocumentIssue, documentIds, documentSchema, validateDocument } from './schema.ts';

const issuesOf = (value: unknown): DocumentIssue[] => {
  const result = validateDocument(value);
  return result.ok ? [] : result.issues;
};

/** A JSON copy that a test may change freely. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('document schema (spec §3.1)', () => {
  it('"Document: content (sections), rows, children (blocks)": empty and full documents pass', () => {
    expect(validateDocument(emptyDocument())).toEqual({ ok: true, document: emptyDocument() });
    const page = samplePage();
    expect(validateDocument(page)).toEqual({ ok: true, document: page });
    expect(validateDocument(copy(page))).toEqual({ ok: true, document: page });
  });

  it('reports the path of a block attribute with the wrong type', () => {
    const page = copy(samplePage());
    const headline = page.children[10];
    if (headline?.type === 'headline') Object.assign(headline.attributes.basic.font, { size: 'big' });
    expect(issuesOf(page)).toEqual([
      {
        path: 'children.10.attributes.basic.font.size',
        message: 'Invalid input: expected number, received string',
      },
    ]);
  });

  it('reports a block of an unknown type at its type', () => {
    const page = copy(samplePage());
    Object.assign(page.children[12] ?? {}, { type: 'marquee' });
    expect(issuesOf(page)).toEqual([{ path: 'children.12.type', message: expect.any(String) }]);
  });

  it('reports a missing section field, a bad responsive flag and a bad page setting by path', () => {
    const page = copy(samplePage());
    Object.assign(page.content[0] ?? {}, { children: undefined });
    Object.assign(page.children[11] ?? {}, { responsive: { desktop: true, mobile: 'no', tablets: true } });
    Object.assign(page.settings, { direction: 'sideways' });
    expect(issuesOf(page).map((issue) => issue.path)).toEqual([
      'content[0].children',
      'children.11.responsive.mobile',
      'settings.direction',
    ]);
  });

  it('reports a reference to a block that does not exist, and the block nothing holds', () => {
    const page = copy(samplePage());
    const column = page.rows[2]?.cols[0];
    if (column) column.children = [10, 999];
    expect(issuesOf(page)).toEqual([
      { path: 'rows.2.cols[0].children[1]', message: 'Block 999 does not exist' },
      { path: 'children.11', message: 'Block 11 is not placed anywhere' },
    ]);
  });

  it('reports a block whose parent is not where it sits, and a step outside a two-step form', () => {
    const page = copy(samplePage());
    Object.assign(page.children[12] ?? {}, { parent: 3, step: 1 });
    expect(issuesOf(page)).toEqual([
      { path: 'children.12.parent', message: 'Block 12 sits in 2 but names 3' },
      { path: 'children.12.step', message: 'Block 12 is not in a two-step form' },
    ]);
  });

  it('reports a two-step form block without its step', () => {
    const page = copy(samplePage());
    Object.assign(page.children[50] ?? {}, { step: undefined });
    expect(issuesOf(page)).toEqual([
      { path: 'children.50.step', message: 'Block 50 sits in step 2 of a two-step form' },
    ]);
  });

  it('reports a key that is not its id, an id used twice and a row in no section', () => {
    const page = copy(samplePage());
    const image = page.children[62];
    if (image) page.children[63] = { ...image };
    const row = page.rows[61];
    if (row) page.rows[70] = { ...row, id: 70, cols: [{ width: 100, children: [] }] };
    expect(issuesOf(page)).toEqual([
      { path: 'children.63.id', message: 'Block id 62 does not match its key 63' },
      { path: 'children.63.id', message: 'Id 62 of this block is already used by a block' },
      { path: 'rows.70', message: 'Row 70 is not in any section' },
      { path: 'children.63', message: 'Block 63 is not placed anywhere' },
    ]);
  });

  it('reports a row whose columns do not match its layout and a container inside itself', () => {
    const page = copy(samplePage());
    const row = page.rows[2];
    if (row) row.cols = [{ width: 100, children: [10, 11, 12] }];
    const container = page.children[20];
    if (container?.type === 'container') container.boxes[0] = { value: 50, children: [20] };
    expect(issuesOf(page)).toEqual([
      { path: 'rows.2.cols', message: 'Layout two has 2 columns, not 1' },
      { path: 'children.20.boxes[0].children[0]', message: 'Block 20 is placed more than once' },
    ]);
  });

  it('rejects a document of another version or kind', () => {
    expect(documentSchema.safeParse({ ...emptyDocument(), version: 2 }).success).toBe(false);
    expect(issuesOf({ ...emptyDocument(), kind: 'popup' }).map((issue) => issue.path)).toEqual(['kind']);
  });

  it('lists every id in use', () => {
    expect([...documentIds(samplePage())].sort((a, b) => a - b)).toEqual([
      1, 2, 3, 10, 11, 12, 20, 30, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 60, 61, 62,
    ]);
  });
});
