import { TemplateBuilder } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import { dropped, itemName, movedOnePlace, overPlace } from './drag-announcements.ts';

/** Two sections: the first with a two-column row (Headline, Paragraph | Button), the second with a 'Hero' row. */
function page() {
  const builder = new TemplateBuilder(7);
  const first = builder.section();
  const [left, right] = builder.row(first, 'two');
  const headline = builder.block(left!, 'headline');
  const paragraph = builder.block(left!, 'paragraph');
  const button = builder.block(right!, 'button');
  const second = builder.section();
  const [hero] = builder.row(second);
  const document = builder.build();
  const heroRow = hero?.kind === 'column' ? hero.rowId : 0;
  const named = {
    ...document,
    rows: { ...document.rows, [heroRow]: { ...document.rows[heroRow]!, labelTitle: 'Hero' } },
  };
  return { document: named, first, second, left: left!, right: right!, headline, paragraph, button, heroRow };
}

describe('editor drag announcements (issue 39: the merchant’s words, not dnd-kit’s ids)', () => {
  const p = page();

  it("says where a dragged block lands: 'Headline moved to position 2 of 2 in Column 1 of Row 1.'", () => {
    const item = { source: 'block', id: p.headline } as const;
    expect(itemName(p.document, item)).toBe('Headline');
    expect(dropped(p.document, item, { kind: 'block', slot: p.left, index: 1 })).toBe(
      'Headline moved to position 2 of 2 in Column 1 of Row 1.',
    );
    // Into the other column: the button's list gains one.
    expect(dropped(p.document, item, { kind: 'block', slot: p.right, index: 0 })).toBe(
      'Headline moved to position 1 of 2 in Column 2 of Row 1.',
    );
    expect(overPlace(p.document, item, { kind: 'block', slot: p.right, index: 1 })).toBe(
      'Headline is over position 2 of 2 in Column 2 of Row 1.',
    );
  });

  it('names a new block from the palette, rows by their label and sections by their place', () => {
    const item = { source: 'palette', type: 'image' } as const;
    const heroColumn = { kind: 'column', rowId: p.heroRow, column: 0 } as const;
    expect(dropped(p.document, item, { kind: 'block', slot: heroColumn, index: 0 })).toBe(
      'New Image added at position 1 of 1 in Hero.',
    );
    expect(
      dropped(p.document, { source: 'row', id: p.heroRow }, { kind: 'row', sectionId: p.first, index: 0 }),
    ).toBe('Hero moved to position 1 of 2 in Section 1.');
    expect(dropped(p.document, { source: 'section', id: p.second }, { kind: 'section', index: 0 })).toBe(
      'Section 2 moved to position 1 of 2 on the page.',
    );
  });

  it('says when a drop places nothing', () => {
    expect(dropped(p.document, { source: 'palette', type: 'headline' }, null)).toBe(
      'New Headline was not placed: it can only go inside a section.',
    );
    expect(overPlace(p.document, { source: 'block', id: p.button }, null)).toBe(
      'Button is not over a place it can go.',
    );
  });

  it("says where Move up and Move down put a node: 'Paragraph moved to position 1 of 2 …'", () => {
    expect(movedOnePlace(p.document, p.paragraph, 0)).toBe(
      'Paragraph moved to position 1 of 2 in Column 1 of Row 1.',
    );
    expect(movedOnePlace(p.document, p.second, 0)).toBe('Section 2 moved to position 1 of 2 on the page.');
  });
});
