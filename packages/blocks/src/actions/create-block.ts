import { initialBoxes } from '../blocks/container.tsx';
import { twoStepFormSeed } from '../blocks/two-step-form.tsx';
import { type FormStep, VISIBLE_EVERYWHERE } from '../catalogue/define-block.ts';
import type { Block, BlockDraft } from '../catalogue/registry.ts';
import type { NodeId } from '../document/ids.ts';

/**
 * A new block from its draft, with fresh ids from `nextId`, and the blocks it starts with: a container gets
 * two empty boxes, a FAQ no answer yet, a two-step form its default fields and buttons in each step.
 */
export function createBlocks(
  draft: BlockDraft,
  parent: NodeId,
  step: FormStep | undefined,
  nextId: () => NodeId,
): { id: NodeId; blocks: Block[] } {
  const id = nextId();
  const base = { id, parent, responsive: { ...VISIBLE_EVERYWHERE }, ...(step === undefined ? {} : { step }) };
  switch (draft.type) {
    case 'container':
      return { id, blocks: [{ ...base, ...draft, boxes: initialBoxes() }] };
    case 'faq':
      return { id, blocks: [{ ...base, ...draft, children: [] }] };
    case 'twoStepForm': {
      const seed = twoStepFormSeed();
      const step1 = seed.step1.map((child) => createBlocks(child, id, 1, nextId));
      const step2 = seed.step2.map((child) => createBlocks(child, id, 2, nextId));
      const form: Block = {
        ...base,
        ...draft,
        step1Children: step1.map((child) => child.id),
        step2Children: step2.map((child) => child.id),
      };
      return {
        id,
        blocks: [form, ...step1.flatMap((child) => child.blocks), ...step2.flatMap((child) => child.blocks)],
      };
    }
    default:
      return { id, blocks: [{ ...base, ...draft }] };
  }
}
