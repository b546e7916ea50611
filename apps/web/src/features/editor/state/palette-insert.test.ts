import { type EditorDocument, emptyDocument, extractFragment, findNode, reduce } from '@funnelwork/blocks';
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

  it('adds after a selected closed FAQ at its level, never into its hidden answer (issue 36)', () => {
    const section = ok(paletteInsert(emptyDocument('page'), null, 'section'));
    const faq = ok(paletteInsert(section.document, section.id, 'faq'));
    const headline = ok(paletteInsert(faq.document, faq.id, 'headline'));
    const faqAt = findNode(headline.document, faq.id);
    expect(findNode(headline.document, headline.id)).toMatchObject({
      kind: 'block',
      slot: faqAt?.kind === 'block' ? faqAt.slot : undefined,
      index: 1,
    });
    expect(headline.document.children[faq.id]).toMatchObject({ children: [] });
    // The next click, with the new headline selected, goes after it: still beside the FAQ.
    const button = ok(paletteInsert(headline.document, headline.id, 'button'));
    expect(findNode(button.document, button.id)).toMatchObject({ kind: 'block', index: 2 });
    expect(button.document.children[faq.id]).toMatchObject({ children: [] });
  });

  it("fills an open FAQ's empty answer, and adds after a block inside an open answer", () => {
    const section = ok(paletteInsert(emptyDocument('page'), null, 'section'));
    const faq = ok(paletteInsert(section.document, section.id, 'faq'));
    const open = reduce(faq.document, {
      type: 'setNodeValue',
      id: faq.id,
      path: ['attributes', 'basic', 'isActive'],
      value: true,
    });
    if (!open.ok) throw new Error(open.error.message);
    const answer = ok(paletteInsert(open.document, faq.id, 'paragraph'));
    expect(findNode(answer.document, answer.id)).toMatchObject({ slot: { kind: 'faq', faqId: faq.id } });
    const next = ok(paletteInsert(answer.document, answer.id, 'button'));
    expect(answer.document.children[faq.id]).toMatchObject({ children: [answer.id] });
    expect(next.document.children[faq.id]).toMatchObject({ children: [answer.id, next.id] });
  });

  it('adds after the closed FAQ when the selected block sits in its hidden answer', () => {
    const section = ok(paletteInsert(emptyDocument('page'), null, 'section'));
    const faq = ok(paletteInsert(section.document, section.id, 'faq'));
    const inside = reduce(faq.document, {
      type: 'addBlock',
      blockType: 'paragraph',
      slot: { kind: 'faq', faqId: faq.id },
    });
    if (!inside.ok || inside.id === undefined) throw new Error('no paragraph');
    const added = ok(paletteInsert(inside.document, inside.id, 'button'));
    const faqAt = findNode(added.document, faq.id);
    const addedAt = findNode(added.document, added.id);
    expect(addedAt?.kind === 'block' && addedAt.slot).toEqual(faqAt?.kind === 'block' && faqAt.slot);
    expect(addedAt).toMatchObject({ index: faqAt?.kind === 'block' ? faqAt.index + 1 : -1 });
    expect(added.document.children[faq.id]).toMatchObject({ children: [inside.id] });
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
