import { type EditorDocument, emptyDocument, extractFragment, findNode } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import { fragmentKindOf, paletteInsert, savedInsert } from './palette-insert.ts';

const ok = (result: ReturnType<typeof paletteInsert>): { document: EditorDocument; id: number } => {
  if (!result.ok || result.id === undefined) throw new Error(result.ok ? 'no id' : result.error.message);
  return { document: result.document, id: result.id };
};

describe('adding from the palette without dragging', () => {
  it('"Place at least one section please" when a block or row is added to an empty page', () => {
    expect(paletteInsert(emptyDocument('page'), null, 'headline')).toEqual({
      ok: false,
      error: { code: 'no-section', message: 'Place at least one section please' },
    });
    expect(paletteInsert(emptyDocument('page'), null, 'row')).toMatchObject({
      ok: false,
      error: { message: 'Place at least one section please' },
    });
  });

  it('gives a block a row when the section has none, then adds after the selected block', () => {
    const section = ok(paletteInsert(emptyDocument('page'), null, 'section'));
    const headline = ok(paletteInsert(section.document, section.id, 'headline'));
    const located = findNode(headline.document, headline.id);
    expect(located).toMatchObject({ kind: 'block', index: 0, slot: { kind: 'column', column: 0 } });
    const button = ok(paletteInsert(headline.document, headline.id, 'button'));
    expect(findNode(button.document, button.id)).toMatchObject({ kind: 'block', index: 1 });
    const first = ok(paletteInsert(button.document, headline.id, 'paragraph'));
    expect(findNode(first.document, first.id)).toMatchObject({ kind: 'block', index: 1 });
  });

  it('fills an empty container box when the container is selected', () => {
    const section = ok(paletteInsert(emptyDocument('page'), null, 'section'));
    const container = ok(paletteInsert(section.document, section.id, 'container'));
    const inner = ok(paletteInsert(container.document, container.id, 'headline'));
    expect(findNode(inner.document, inner.id)).toMatchObject({
      slot: { kind: 'box', containerId: container.id, box: 0 },
    });
  });

  it('adds a section after the selected one', () => {
    const first = ok(paletteInsert(emptyDocument('page'), null, 'section'));
    const last = ok(paletteInsert(first.document, null, 'section'));
    const middle = ok(paletteInsert(last.document, first.id, 'section'));
    expect(middle.document.content.map((section) => section.id)).toEqual([first.id, middle.id, last.id]);
  });
});

describe('inserting a saved asset', () => {
  const source = () => {
    const section = ok(paletteInsert(emptyDocument('page'), null, 'section'));
    const row = ok(paletteInsert(section.document, section.id, 'row'));
    const headline = ok(paletteInsert(row.document, row.id, 'headline'));
    return { document: headline.document, section: section.id, row: row.id, headline: headline.id };
  };

  it('tells the kind of part from node_type', () => {
    expect(['section', 'row', 'headline', 'image'].map(fragmentKindOf)).toEqual([
      'section',
      'row',
      'block',
      'block',
    ]);
  });

  it('puts a saved block after the selected block, a row into the selected section, a section after it', () => {
    const page = source();
    const block = extractFragment(page.document, page.headline)!.document;
    const withBlock = ok(savedInsert(page.document, page.headline, 'headline', block));
    expect(withBlock.document.rows[page.row]?.cols[0]?.children).toEqual([page.headline, withBlock.id]);
    expect(withBlock.document.children[withBlock.id]?.type).toBe('headline');

    const row = extractFragment(page.document, page.row)!.document;
    const withRow = ok(savedInsert(page.document, page.section, 'row', row));
    expect(withRow.document.content[0]?.children).toEqual([page.row, withRow.id]);

    const section = extractFragment(page.document, page.section)!.document;
    const withSection = ok(savedInsert(page.document, page.section, 'section', section));
    expect(withSection.document.content.map((s) => s.id)).toEqual([page.section, withSection.id]);
  });

  it('"Place at least one section please" for a saved block or row on an empty page', () => {
    const page = source();
    const block = extractFragment(page.document, page.headline)!.document;
    expect(savedInsert(emptyDocument('page'), null, 'headline', block)).toMatchObject({
      ok: false,
      error: { message: 'Place at least one section please' },
    });
  });
});
