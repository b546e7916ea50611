import {
  BLOCKS,
  type EditorDocument,
  findNode,
  isBlockType,
  type NodeId,
  type Slot,
  slotChildren,
} from '@funnelwork/blocks';
import type { DragItem, DropTarget } from './drop-target.ts';

/**
 * What the editor's live region says while something is dragged on the canvas or moved in the layout tree
 * (issue 39), in the merchant's words: the names the Layout panel shows ('Section 2', a row's label or
 * 'Row 1', a block's title) and a position out of the list it goes into: 'Headline moved to position 2 of 3
 * in Column 1 of Row 1.'
 */

/** How the keyboard drags a block on the canvas: dnd-kit reads it out when a drag handle gets the focus. */
export const CANVAS_DRAG_INSTRUCTIONS = {
  draggable:
    'To move it, press Space or Enter to pick it up, the arrow keys to move it over the page, Space or Enter to drop it, or Escape to put it back.',
};

const blockTitle = (type: string) => (isBlockType(type) ? BLOCKS[type].title : 'Block');

/** A section, row or block as the Layout panel names it. */
export function nodeName(document: EditorDocument, id: NodeId): string {
  const node = findNode(document, id);
  if (!node) return 'Block';
  if (node.kind === 'section') return `Section ${node.index + 1}`;
  if (node.kind === 'row') return node.row.labelTitle || `Row ${node.index + 1}`;
  return blockTitle(node.block.type);
}

/** What is dragged: an element already on the page, or a new one from the palette. */
export function itemName(document: EditorDocument, item: DragItem): string {
  if (item.source !== 'palette') return nodeName(document, item.id);
  if (item.type === 'section') return 'New section';
  if (item.type === 'row') return 'New row';
  return `New ${blockTitle(item.type)}`;
}

/** 'Column 2 of Row 1', 'Box 1 of Container', 'FAQ', 'step 2 of Form'. */
function slotName(document: EditorDocument, slot: Slot): string {
  switch (slot.kind) {
    case 'column': {
      const row = document.rows[slot.rowId];
      const columns = row?.cols.length ?? 1;
      const rowName = nodeName(document, slot.rowId);
      return columns > 1 ? `Column ${slot.column + 1} of ${rowName}` : rowName;
    }
    case 'box':
      return `Box ${slot.box + 1} of ${nodeName(document, slot.containerId)}`;
    case 'faq':
      return nodeName(document, slot.faqId);
    case 'step':
      return `step ${slot.step} of ${nodeName(document, slot.formId)}`;
  }
}

/** 'position 2 of 3': the place among the list once the item is in it (a moved item leaves its old place). */
function position(index: number, others: number): string {
  const count = others + 1;
  return `position ${Math.min(Math.max(index, 0), count - 1) + 1} of ${count}`;
}

/** Where a drop puts the item: 'position 1 of 3 on the page', 'position 2 of 2 in Section 1'. */
export function placeName(document: EditorDocument, item: DragItem, target: DropTarget): string {
  const moved = item.source === 'palette' ? null : item.id;
  const others = (ids: readonly NodeId[]) => ids.filter((id) => id !== moved).length;
  switch (target.kind) {
    case 'section':
      return `${position(target.index, others(document.content.map((section) => section.id)))} on the page`;
    case 'row': {
      const section = document.content.find((candidate) => candidate.id === target.sectionId);
      return `${position(target.index, others(section?.children ?? []))} in ${nodeName(document, target.sectionId)}`;
    }
    case 'block':
      return `${position(target.index, others(slotChildren(document, target.slot) ?? []))} in ${slotName(document, target.slot)}`;
  }
}

/** Said while the item hovers a place it would drop into. */
export const overPlace = (document: EditorDocument, item: DragItem, target: DropTarget | null) =>
  target
    ? `${itemName(document, item)} is over ${placeName(document, item, target)}.`
    : `${itemName(document, item)} is not over a place it can go.`;

/** Said when the item is dropped: where it went, or that nothing changed. */
export function dropped(document: EditorDocument, item: DragItem, target: DropTarget | null): string {
  const name = itemName(document, item);
  if (!target) return `${name} was not placed: it can only go inside a section.`;
  const place = placeName(document, item, target);
  return item.source === 'palette' ? `${name} added at ${place}.` : `${name} moved to ${place}.`;
}

/** Said when a layout-tree row moves one place up or down (before the move is applied to `document`). */
export function movedOnePlace(document: EditorDocument, id: NodeId, index: number): string {
  const node = findNode(document, id);
  const name = nodeName(document, id);
  if (!node) return `${name} moved.`;
  if (node.kind === 'section')
    return `${name} moved to ${position(index, document.content.length - 1)} on the page.`;
  if (node.kind === 'row') {
    const section = document.content[node.sectionIndex];
    return `${name} moved to ${position(index, (section?.children.length ?? 1) - 1)} in ${section ? nodeName(document, section.id) : 'its section'}.`;
  }
  const siblings = slotChildren(document, node.slot) ?? [];
  return `${name} moved to ${position(index, siblings.length - 1)} in ${slotName(document, node.slot)}.`;
}
