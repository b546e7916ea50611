import { BLOCKS, type BlockType, blockDraft, isEmailBlock } from '../catalogue/registry.ts';
import type { EditorDocument } from '../document/schema.ts';
import { describeSlot, type Slot, slotOwner, slotStep } from '../document/structure.ts';
import { createBlocks } from './create-block.ts';
import { type ActionResult, done, fail } from './result.ts';
import { idAllocator, insertAt, slotChildren, withBlocks, withSlotChildren } from './tree.ts';

/** A new block with the catalogue's defaults, at `index` of a slot (the end when omitted). */
export type AddBlockAction = { type: 'addBlock'; blockType: BlockType; slot: Slot; index?: number };

export function addBlock(
  document: EditorDocument,
  action: AddBlockAction,
  random: () => number = Math.random,
): ActionResult {
  if (document.kind === 'email' && !isEmailBlock(action.blockType)) {
    return fail('not-in-emails', `${BLOCKS[action.blockType].title} is not available in e-mails`);
  }
  const siblings = slotChildren(document, action.slot);
  if (!siblings) return fail('not-found', `There is no ${describeSlot(action.slot)}`);

  const created = createBlocks(
    blockDraft(action.blockType),
    slotOwner(action.slot),
    slotStep(action.slot),
    idAllocator(document, random),
  );
  const placed = withSlotChildren(document, action.slot, insertAt(siblings, action.index, created.id));
  return done(withBlocks(placed, created.blocks), created.id);
}
