import { describe, expect, it } from 'vitest';
import { validateDocument } from '../document/schema.ts';
import { build, deepFreeze, samplePage, unwrap } from '../test-support.ts';
import { moveRow, moveSection } from './move-structure.ts';

describe('moving sections and rows (layout tree: move up and down)', () => {
  it('moves a section to a new position', () => {
    const next = unwrap(
      moveSection(deepFreeze(samplePage()), { type: 'moveSection', sectionId: 60, index: 0 }),
    );
    expect(next.content.map((section) => section.id)).toEqual([60, 1]);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('moves a row within its section and into another section', () => {
    const page = deepFreeze(samplePage());
    const up = unwrap(moveRow(page, { type: 'moveRow', rowId: 3, index: 0 }));
    expect(up.content[0]?.children).toEqual([3, 2]);
    const across = unwrap(moveRow(page, { type: 'moveRow', rowId: 3, sectionId: 60, index: 1 }));
    expect(across.content.map((section) => section.children)).toEqual([[2], [61, 3]]);
    expect(across.rows[3]?.parent).toBe(60);
    expect(validateDocument(across).ok).toBe(true);
  });

  it('refuses unknown rows and sections', () => {
    const page = samplePage();
    expect(moveSection(page, { type: 'moveSection', sectionId: 5, index: 0 })).toMatchObject({ ok: false });
    expect(moveRow(page, { type: 'moveRow', rowId: 10, index: 0 })).toMatchObject({ ok: false });
    expect(moveRow(page, { type: 'moveRow', rowId: 3, sectionId: 2, index: 0 })).toMatchObject({ ok: false });
    expect(build(page, []).content).toHaveLength(2);
  });
});
