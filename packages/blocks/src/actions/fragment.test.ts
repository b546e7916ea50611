import { describe, expect, it } from 'vitest';
import { emptyDocument } from '../document/empty.ts';
import { validateDocument } from '../document/schema.ts';
import { build, deepFreeze, drawing, samplePage, unwrap } from '../test-support.ts';
import { extractFragment, insertFragment } from './fragment.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('extractFragment: a saved asset holds just one part of a page', () => {
  it('a section keeps its rows and every block in them, and nothing else', () => {
    const page = deepFreeze(samplePage());
    const fragment = extractFragment(page, 60);
    expect(fragment?.kind).toBe('section');
    expect(fragment?.document.content.map((s) => s.id)).toEqual([60]);
    expect(Object.keys(fragment?.document.rows ?? {})).toEqual(['61']);
    expect(Object.keys(fragment?.document.children ?? {})).toEqual(['62']);
    expect(validateDocument(fragment?.document).ok).toBe(true);
  });

  it('a row stays in its section without the other rows', () => {
    const fragment = extractFragment(samplePage(), 2);
    expect(fragment?.kind).toBe('row');
    expect(fragment?.document.content[0]?.children).toEqual([2]);
    expect(Object.keys(fragment?.document.children ?? {}).sort()).toEqual(['10', '11', '12']);
    expect(validateDocument(fragment?.document).ok).toBe(true);
  });

  it('a block (with what is inside it) sits alone in a one-column row', () => {
    const fragment = extractFragment(samplePage(), 40);
    expect(fragment?.kind).toBe('block');
    const row = fragment?.document.rows[3];
    expect(row?.cols).toEqual([{ width: 100, children: [40] }]);
    expect(
      Object.keys(fragment?.document.children ?? {})
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(range(40, 51));
    expect(validateDocument(fragment?.document).ok).toBe(true);
    // A block inside a FAQ block is saved on its own too.
    const page = build(samplePage(), [
      [{ type: 'addBlock', blockType: 'paragraph', slot: { kind: 'faq', faqId: 30 } }, 31],
    ]);
    const nested = extractFragment(page, 31);
    expect(nested?.document.children[31]?.parent).toBe(3);
    expect(validateDocument(nested?.document).ok).toBe(true);
    expect(extractFragment(page, 999)).toBeUndefined();
  });
});

describe('insertFragment: a saved part placed with new ids', () => {
  it('inserts a section at an index, with new ids for it, its rows and blocks', () => {
    const fragment = extractFragment(samplePage(), 1)!.document;
    const target = deepFreeze(samplePage());
    const result = insertFragment(
      target,
      { type: 'insertFragment', kind: 'section', fragment, index: 1 },
      drawing(range(100, 120)),
    );
    const next = unwrap(result);
    expect(result.ok && result.id).toBe(100);
    expect(next.content.map((s) => s.id)).toEqual([1, 100, 60]);
    const [rowA, rowB] = next.content[1]!.children;
    expect(next.rows[rowA!]?.parent).toBe(100);
    expect(next.rows[rowB!]?.cols[0]?.children).toHaveLength(3);
    expect(Object.keys(next.children)).toHaveLength(Object.keys(target.children).length * 2 - 1);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('inserts a row into a section, and twice gives two copies with different ids', () => {
    const fragment = extractFragment(samplePage(), 2)!.document;
    const once = unwrap(
      insertFragment(samplePage(), { type: 'insertFragment', kind: 'row', fragment, sectionId: 60 }),
    );
    const twice = insertFragment(once, { type: 'insertFragment', kind: 'row', fragment, sectionId: 60 });
    const next = unwrap(twice);
    const rows = next.content[1]!.children;
    expect(rows).toHaveLength(3);
    expect(new Set(rows).size).toBe(3);
    const copy = next.rows[rows[2]!]!;
    expect(copy.cols.map((c) => c.children.map((id) => next.children[id]?.type))).toEqual([
      ['headline', 'paragraph'],
      ['button'],
    ]);
    expect(validateDocument(next).ok).toBe(true);
    const none = insertFragment(emptyDocument('page'), { type: 'insertFragment', kind: 'row', fragment });
    expect(none.ok || none.error.code).toBe('no-section');
  });

  it('inserts a block into a slot with its settings; an unknown slot is refused', () => {
    const page = samplePage();
    const withContent = build(page, []);
    const fragment = extractFragment(withContent, 12)!.document;
    const result = insertFragment(
      withContent,
      {
        type: 'insertFragment',
        kind: 'block',
        fragment,
        slot: { kind: 'column', rowId: 61, column: 0 },
        index: 0,
      },
      drawing([200]),
    );
    const next = unwrap(result);
    expect(next.rows[61]?.cols[0]?.children).toEqual([200, 62]);
    expect(next.children[200]).toEqual({ ...page.children[12], id: 200, parent: 61 });
    expect(validateDocument(next).ok).toBe(true);

    const missing = insertFragment(withContent, {
      type: 'insertFragment',
      kind: 'block',
      fragment,
      slot: { kind: 'column', rowId: 999, column: 0 },
    });
    expect(missing.ok).toBe(false);
  });
});
