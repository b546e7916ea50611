import { describe, expect, it } from 'vitest';
import {
  blockDropTarget,
  indexAt,
  indicatorRect,
  type MeasuredSlot,
  rowDropTarget,
  sectionDropTarget,
} from './drop-target.ts';

const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });

/** Two columns side by side; the left one holds blocks 10 and 11, the right one container 20 with a box. */
const slots: MeasuredSlot[] = [
  {
    slot: { kind: 'column', rowId: 2, column: 0 },
    rect: rect(0, 0, 500, 300),
    depth: 0,
    ancestors: [],
    children: [
      { id: 10, rect: rect(0, 0, 500, 100) },
      { id: 11, rect: rect(0, 100, 500, 100) },
    ],
  },
  {
    slot: { kind: 'column', rowId: 2, column: 1 },
    rect: rect(500, 0, 500, 300),
    depth: 0,
    ancestors: [],
    children: [{ id: 20, rect: rect(500, 0, 500, 200) }],
  },
  {
    slot: { kind: 'box', containerId: 20, box: 0 },
    rect: rect(510, 10, 480, 180),
    depth: 1,
    ancestors: [20],
    children: [],
  },
];

describe('where a dragged item lands', () => {
  it('goes before the first block whose middle is below the pointer', () => {
    expect(indexAt(slots[0]!.children, { x: 10, y: 20 })).toBe(0);
    expect(indexAt(slots[0]!.children, { x: 10, y: 60 })).toBe(1);
    expect(indexAt(slots[0]!.children, { x: 10, y: 290 })).toBe(2);
  });

  it('picks the deepest slot under the pointer', () => {
    expect(blockDropTarget(slots, { x: 600, y: 50 })).toEqual({
      kind: 'block',
      slot: { kind: 'box', containerId: 20, box: 0 },
      index: 0,
    });
    expect(blockDropTarget(slots, { x: 100, y: 160 })).toEqual({
      kind: 'block',
      slot: { kind: 'column', rowId: 2, column: 0 },
      index: 2,
    });
  });

  it('never drops a block into itself, and counts positions without it', () => {
    expect(blockDropTarget(slots, { x: 600, y: 50 }, 20)).toEqual({
      kind: 'block',
      slot: { kind: 'column', rowId: 2, column: 1 },
      index: 0,
    });
    expect(blockDropTarget(slots, { x: 100, y: 160 }, 10)).toEqual({
      kind: 'block',
      slot: { kind: 'column', rowId: 2, column: 0 },
      index: 1,
    });
  });

  it('takes the nearest slot when the pointer is outside every slot, and none when there is none', () => {
    expect(blockDropTarget(slots, { x: 200, y: 900 })).toMatchObject({
      slot: { kind: 'column', column: 0 },
      index: 2,
    });
    expect(blockDropTarget([], { x: 0, y: 0 })).toBeNull();
  });

  it('places sections and rows between their siblings', () => {
    const sections = [
      { id: 1, rect: rect(0, 0, 1000, 400), children: [{ id: 2, rect: rect(0, 0, 1000, 200) }] },
      { id: 60, rect: rect(0, 400, 1000, 400), children: [] },
    ];
    expect(sectionDropTarget(sections, { x: 0, y: 500 })).toEqual({ kind: 'section', index: 1 });
    expect(rowDropTarget(sections, { x: 10, y: 150 })).toEqual({ kind: 'row', sectionId: 1, index: 1 });
    expect(rowDropTarget(sections, { x: 10, y: 700 })).toEqual({ kind: 'row', sectionId: 60, index: 0 });
    expect(rowDropTarget([], { x: 0, y: 0 })).toBeNull();
  });

  it('draws the drop line above the next block or below the last', () => {
    const column = slots[0]!;
    expect(indicatorRect(column.rect, column.children, 1)).toEqual(rect(0, 98, 500, 4));
    expect(indicatorRect(column.rect, column.children, 2)).toEqual(rect(0, 198, 500, 4));
    expect(indicatorRect(rect(0, 0, 100, 50), [], 0)).toEqual(rect(0, 23, 100, 4));
  });
});
