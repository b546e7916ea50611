import { describe, expect, it } from 'vitest';
import { emptyDocument } from '../document/empty.ts';
import { validateDocument } from '../document/schema.ts';
import { deepFreeze, drawing, samplePage } from '../test-support.ts';
import { type EditorAction, reduce } from './reduce.ts';

describe('reduce: one entry point for every editor action', () => {
  const page = deepFreeze(samplePage());
  const cases: { action: EditorAction; ids: number[]; expected: object }[] = [
    { action: { type: 'addSection' }, ids: [70], expected: { ok: true, id: 70 } },
    { action: { type: 'addRow' }, ids: [70], expected: { ok: true, id: 70 } },
    {
      action: { type: 'addBlock', blockType: 'video', slot: { kind: 'column', rowId: 61, column: 0 } },
      ids: [70],
      expected: { ok: true, id: 70 },
    },
    { action: { type: 'setColumnLayout', rowId: 2, layout: 'six' }, ids: [], expected: { ok: true } },
    { action: { type: 'resizeColumn', rowId: 2, column: 0, width: 40 }, ids: [], expected: { ok: true } },
    {
      action: { type: 'moveBlock', blockId: 10, slot: { kind: 'faq', faqId: 30 }, index: 0 },
      ids: [],
      expected: { ok: true },
    },
    { action: { type: 'deleteNode', id: 60 }, ids: [], expected: { ok: true } },
    { action: { type: 'cloneNode', id: 62 }, ids: [70], expected: { ok: true, id: 70 } },
    {
      action: { type: 'applyTemplate', config: null },
      ids: [],
      expected: { ok: true, document: emptyDocument() },
    },
  ];

  it.each(cases)(
    '$action.type gives a valid next document without changing the one given',
    ({ action, ids, expected }) => {
      const result = reduce(page, action, drawing(ids));
      expect(result).toMatchObject(expected);
      expect(result.ok && validateDocument(result.document).ok).toBe(true);
      expect(page).toEqual(samplePage());
    },
  );

  it('passes errors through as results', () => {
    expect(reduce(emptyDocument(), { type: 'addRow' })).toEqual({
      ok: false,
      error: { code: 'no-section', message: 'Place at least one section please' },
    });
  });

  it('the same actions with the same random draws give the same document', () => {
    const actions: EditorAction[] = [
      { type: 'addSection' },
      { type: 'addRow', layout: 'two' },
      { type: 'cloneNode', id: 6 },
    ];
    const run = () => {
      const random = drawing([5, 6, 7]);
      return actions.reduce((document, action) => {
        const result = reduce(document, action, random);
        return result.ok ? result.document : document;
      }, emptyDocument());
    };
    const first = run();
    expect(run()).toEqual(first);
    expect(first.content[0]?.children).toEqual([6, 7]);
  });

  it('uses Math.random when no random source is given', () => {
    const result = reduce(emptyDocument(), { type: 'addSection' });
    expect(result.ok && result.id !== undefined && result.id >= 1 && result.id <= 1_000_000).toBe(true);
  });
});
