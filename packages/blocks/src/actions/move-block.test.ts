import { describe, expect, it } from 'vitest';
import type { EditorDocument } from '../document/schema.ts';
import { validateDocument } from '../document/schema.ts';
import type { Slot } from '../document/structure.ts';
import { build, deepFreeze, samplePage, unwrap } from '../test-support.ts';
import { moveBlock } from './move-block.ts';

const move = (document: EditorDocument, blockId: number, slot: Slot, index: number) => {
  const next = unwrap(moveBlock(document, { type: 'moveBlock', blockId, slot, index }));
  expect(validateDocument(next)).toEqual({ ok: true, document: next });
  return next;
};

const column = (rowId: number, index = 0): Slot => ({ kind: 'column', rowId, column: index });

const RULE =
  'Blocks can be reordered within a column or moved between columns, rows, containers and FAQ blocks.';

describe(`moveBlock: "${RULE}"`, () => {
  it('reorders within a column; the index is the final position', () => {
    const page = deepFreeze(
      build(samplePage(), [[{ type: 'addBlock', blockType: 'spacer', slot: column(2) }, 13]]),
    );
    expect(page.rows[2]?.cols[0]?.children).toEqual([10, 11, 13]);
    expect(move(page, 10, column(2), 2).rows[2]?.cols[0]?.children).toEqual([11, 13, 10]);
    expect(move(page, 13, column(2), 0).rows[2]?.cols[0]?.children).toEqual([13, 10, 11]);
    expect(move(page, 10, column(2), 99).rows[2]?.cols[0]?.children).toEqual([11, 13, 10]);
  });

  it('moves between the columns of a row', () => {
    const next = move(deepFreeze(samplePage()), 11, column(2, 1), 0);
    expect(next.rows[2]?.cols.map((col) => col.children)).toEqual([[10], [11, 12]]);
    expect(next.children[11]?.parent).toBe(2);
  });

  it('moves between rows and sections, taking the new row as parent', () => {
    const next = move(deepFreeze(samplePage()), 12, column(61), 1);
    expect(next.rows[2]?.cols[1]?.children).toEqual([]);
    expect(next.rows[61]?.cols[0]?.children).toEqual([62, 12]);
    expect(next.children[12]?.parent).toBe(61);
  });

  it('moves into and out of a container box and a FAQ', () => {
    const inBox = move(deepFreeze(samplePage()), 10, { kind: 'box', containerId: 20, box: 1 }, 0);
    const container = inBox.children[20];
    expect(container?.type === 'container' && container.boxes.map((box) => box.children)).toEqual([[], [10]]);
    expect(inBox.children[10]?.parent).toBe(20);

    const inFaq = move(inBox, 10, { kind: 'faq', faqId: 30 }, 0);
    const faq = inFaq.children[30];
    expect(faq?.type === 'faq' && faq.children).toEqual([10]);
    expect(inFaq.children[10]?.parent).toBe(30);

    const back = move(inFaq, 10, column(2), 0);
    expect(back.rows[2]?.cols[0]?.children).toEqual([10, 11]);
    expect(back.children[10]?.parent).toBe(2);
  });

  it('a block moved into a two-step form takes the step; moved out it loses it', () => {
    const intoForm = move(deepFreeze(samplePage()), 12, { kind: 'step', formId: 40, step: 2 }, 1);
    const form = intoForm.children[40];
    expect(form?.type === 'twoStepForm' && form.step2Children).toEqual([50, 12, 51]);
    expect(intoForm.children[12]).toMatchObject({ parent: 40, step: 2 });

    const otherStep = move(intoForm, 12, { kind: 'step', formId: 40, step: 1 }, 0);
    expect(otherStep.children[12]).toMatchObject({ parent: 40, step: 1 });

    const out = move(otherStep, 41, column(61), 0);
    expect(out.children[41]?.parent).toBe(61);
    expect(out.children[41] && 'step' in out.children[41]).toBe(false);
  });

  it('moves a container with everything in it', () => {
    const page = build(samplePage(), [
      [{ type: 'addBlock', blockType: 'paragraph', slot: { kind: 'box', containerId: 20, box: 0 } }, 21],
    ]);
    const next = move(page, 20, column(61), 0);
    expect(next.rows[61]?.cols[0]?.children).toEqual([20, 62]);
    expect(next.children[21]?.parent).toBe(20);
  });

  it('refuses to move a block into itself or into a block inside it', () => {
    const page = build(samplePage(), [
      [{ type: 'addBlock', blockType: 'faq', slot: { kind: 'box', containerId: 20, box: 0 } }, 21],
    ]);
    expect(
      moveBlock(page, {
        type: 'moveBlock',
        blockId: 20,
        slot: { kind: 'box', containerId: 20, box: 1 },
        index: 0,
      }),
    ).toEqual({
      ok: false,
      error: { code: 'invalid-target', message: 'Block 20 cannot be moved into itself' },
    });
    expect(
      moveBlock(page, { type: 'moveBlock', blockId: 20, slot: { kind: 'faq', faqId: 21 }, index: 0 }),
    ).toEqual({
      ok: false,
      error: { code: 'invalid-target', message: 'Block 20 cannot be moved into itself' },
    });
  });

  it('says so when the block or the place does not exist', () => {
    expect(moveBlock(samplePage(), { type: 'moveBlock', blockId: 999, slot: column(2), index: 0 })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no block 999' },
    });
    expect(moveBlock(samplePage(), { type: 'moveBlock', blockId: 10, slot: column(2, 5), index: 0 })).toEqual(
      {
        ok: false,
        error: { code: 'not-found', message: 'There is no column 5 of row 2' },
      },
    );
    expect(
      moveBlock(samplePage(), {
        type: 'moveBlock',
        blockId: 10,
        slot: { kind: 'step', formId: 30, step: 1 },
        index: 0,
      }),
    ).toEqual({ ok: false, error: { code: 'not-found', message: 'There is no step 1 of two-step form 30' } });
  });
});
