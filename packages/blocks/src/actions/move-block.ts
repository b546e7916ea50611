import type { NodeId } from '../document/ids.ts';
import type { EditorDocument } from '../document/schema.ts';
import { describeSlot, type Slot, slotOwner, slotStep } from '../document/structure.ts';
import { type ActionResult, done, fail } from './result.ts';
import {
  descendantIds,
  insertAt,
  locateBlock,
  placeBlock,
  slotChildren,
  withBlocks,
  withSlotChildren,
} from './tree.ts';

/**
 * Moves a block to `index` of a slot. The index is the block's position once it has left its old place, so
 * moving within one list and moving between lists read the same.
 */
export type MoveBlockAction = { type: 'moveBlock'; blockId: NodeId; slot: Slot; index: number };

/** "Blocks can be reordered within a column or moved between columns, rows, containers and FAQ blocks." */
export function moveBlock(document: EditorDocument, action: MoveBlockAction): ActionResult {
  const block = document.children[action.blockId];
  const from = block && locateBlock(document, block);
  if (!block || !from) return fail('not-found', `There is no block ${action.blockId}`);
  if (!slotChildren(document, action.slot)) {
    return fail('not-found', `There is no ${describeSlot(action.slot)}`);
  }
  const owner = slotOwner(action.slot);
  if (owner === block.id || descendantIds(document, block).includes(owner)) {
    return fail('invalid-target', `Block ${block.id} cannot be moved into itself`);
  }

  const source = slotChildren(document, from.slot) ?? [];
  const lifted = withSlotChildren(
    document,
    from.slot,
    source.filter((id) => id !== block.id),
  );
  const target = slotChildren(lifted, action.slot) ?? [];
  const placed = withSlotChildren(lifted, action.slot, insertAt(target, action.index, block.id));
  return done(withBlocks(placed, [placeBlock(block, owner, slotStep(action.slot))]));
}
