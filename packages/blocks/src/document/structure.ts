import type { FormStep } from '../catalogue/define-block.ts';
import type { Block } from '../catalogue/registry.ts';
import type { NodeId } from './ids.ts';
import type { Row } from './schema.ts';

/** A list of blocks in the document: a row's column, a container's box, a FAQ or a two-step form step. */
export type Slot =
  | { kind: 'column'; rowId: NodeId; column: number }
  | { kind: 'box'; containerId: NodeId; box: number }
  | { kind: 'faq'; faqId: NodeId }
  | { kind: 'step'; formId: NodeId; step: FormStep };

export type ChildList = {
  slot: Slot;
  children: readonly NodeId[];
  /** Where the list sits inside its owner, for error paths. */
  path: readonly (string | number)[];
};

/**
 * The block lists a block holds (spec §3.1: "Container blocks hold boxes (value = width, children). FAQ
 * blocks hold children. twoStepForm blocks hold step1Children and step2Children").
 */
export function blockChildLists(block: Block): ChildList[] {
  switch (block.type) {
    case 'container':
      return block.boxes.map((box, index) => ({
        slot: { kind: 'box', containerId: block.id, box: index },
        children: box.children,
        path: ['boxes', index, 'children'],
      }));
    case 'faq':
      return [{ slot: { kind: 'faq', faqId: block.id }, children: block.children, path: ['children'] }];
    case 'twoStepForm':
      return [
        {
          slot: { kind: 'step', formId: block.id, step: 1 },
          children: block.step1Children,
          path: ['step1Children'],
        },
        {
          slot: { kind: 'step', formId: block.id, step: 2 },
          children: block.step2Children,
          path: ['step2Children'],
        },
      ];
    default:
      return [];
  }
}

/** The columns of a row as block lists. */
export function rowChildLists(row: Row): ChildList[] {
  return row.cols.map((column, index) => ({
    slot: { kind: 'column', rowId: row.id, column: index },
    children: column.children,
    path: ['cols', index, 'children'],
  }));
}

/** The node that owns a slot: the row of a column, or the block holding the list. */
export function slotOwner(slot: Slot): NodeId {
  switch (slot.kind) {
    case 'column':
      return slot.rowId;
    case 'box':
      return slot.containerId;
    case 'faq':
      return slot.faqId;
    case 'step':
      return slot.formId;
  }
}

/** The `step` a block carries in a slot: 1 or 2 in a two-step form, none elsewhere. */
export function slotStep(slot: Slot): FormStep | undefined {
  return slot.kind === 'step' ? slot.step : undefined;
}

/** The block with each of its block lists replaced by `map(list, slot)`; other blocks come back as is. */
export function mapBlockChildLists(
  block: Block,
  map: (children: readonly NodeId[], slot: Slot) => NodeId[],
): Block {
  switch (block.type) {
    case 'container':
      return {
        ...block,
        boxes: block.boxes.map((box, index) => ({
          ...box,
          children: map(box.children, { kind: 'box', containerId: block.id, box: index }),
        })),
      };
    case 'faq':
      return { ...block, children: map(block.children, { kind: 'faq', faqId: block.id }) };
    case 'twoStepForm':
      return {
        ...block,
        step1Children: map(block.step1Children, { kind: 'step', formId: block.id, step: 1 }),
        step2Children: map(block.step2Children, { kind: 'step', formId: block.id, step: 2 }),
      };
    default:
      return block;
  }
}

/** Which list of its owner a slot is: the column, the box or the step; 0 for a FAQ. */
function slotPosition(slot: Slot): number {
  switch (slot.kind) {
    case 'column':
      return slot.column;
    case 'box':
      return slot.box;
    case 'faq':
      return 0;
    case 'step':
      return slot.step;
  }
}

export function sameSlot(a: Slot, b: Slot): boolean {
  return a.kind === b.kind && slotOwner(a) === slotOwner(b) && slotPosition(a) === slotPosition(b);
}

/** A slot in words, for error messages. */
export function describeSlot(slot: Slot): string {
  switch (slot.kind) {
    case 'column':
      return `column ${slot.column} of row ${slot.rowId}`;
    case 'box':
      return `box ${slot.box} of container ${slot.containerId}`;
    case 'faq':
      return `FAQ ${slot.faqId}`;
    case 'step':
      return `step ${slot.step} of two-step form ${slot.formId}`;
  }
}
