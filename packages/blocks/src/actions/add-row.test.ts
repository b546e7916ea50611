import { describe, expect, it } from 'vitest';
import { row } from '../catalogue/row.ts';
import { emptyDocument } from '../document/empty.ts';
import { validateDocument } from '../document/schema.ts';
import { deepFreeze, drawing, samplePage, unwrap } from '../test-support.ts';
import { addRow } from './add-row.ts';

describe('addRow', () => {
  it('"adding a row with no section shows an alert \'Place at least one section please\'"', () => {
    expect(addRow(emptyDocument(), { type: 'addRow' }, drawing([]))).toEqual({
      ok: false,
      error: { code: 'no-section', message: 'Place at least one section please' },
    });
  });

  it('adds a one-column row to the last section by default', () => {
    const page = deepFreeze(samplePage());
    const result = addRow(page, { type: 'addRow' }, drawing([70]));
    const next = unwrap(result);
    expect(result.ok && result.id).toBe(70);
    expect(next.content.map((section) => section.children)).toEqual([
      [2, 3],
      [61, 70],
    ]);
    expect(next.rows[70]).toEqual({
      id: 70,
      parent: 60,
      attributes: row.defaults(),
      cols: [{ width: 100, children: [] }],
      labelTitle: '',
      labelColor: '#4368E0',
    });
    expect(validateDocument(next).ok).toBe(true);
  });

  it('adds to the section and index given, with the layout given', () => {
    const next = unwrap(
      addRow(samplePage(), { type: 'addRow', sectionId: 1, index: 1, layout: 'three' }, drawing([70])),
    );
    expect(next.content[0]?.children).toEqual([2, 70, 3]);
    expect(next.rows[70]?.cols).toEqual([
      { width: 33.3333, children: [] },
      { width: 33.3333, children: [] },
      { width: 33.3333, children: [] },
    ]);
    expect(next.rows[70]?.attributes.basic.columns).toBe('three');
    expect(validateDocument(next).ok).toBe(true);
  });

  it('says so when the section does not exist', () => {
    expect(addRow(samplePage(), { type: 'addRow', sectionId: 999 }, drawing([70]))).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no section 999' },
    });
  });
});
