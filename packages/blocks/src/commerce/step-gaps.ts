/**
 * "A step that cannot do its job" (issue 35): shoppers skip it and the merchant sees why, on the step
 * screen and in the page editor. Pure, so the server's next-step resolution and the dashboard agree.
 */

/** What a step's page holds, as far as this rule cares: its blocks and the products they name. */
export type StepPageFacts = { blocks: number; productIds: readonly number[] };

/** Why a step is skipped: its pages have no blocks, or an offer step (upsell, downsell) sells nothing. */
export type StepGap = 'empty' | 'nothing-to-offer';

/** Step types that sell one click at a time ("2 Upsell", "4 Downsell"). */
export const OFFER_STEP_TYPES: readonly number[] = [2, 4];
export const isOfferStep = (stepType: number) => OFFER_STEP_TYPES.includes(stepType);

/**
 * Why the step cannot serve a shopper, or null when it can. An offer sells its step's products or one a
 * block of its page names (a yes-link's or a list's product) that still exists.
 */
export function stepGap(
  stepType: number,
  pages: readonly StepPageFacts[],
  products: { stepHasProducts: boolean; exists: (productId: number) => boolean },
): StepGap | null {
  if (pages.every((page) => page.blocks === 0)) return 'empty';
  if (
    isOfferStep(stepType) &&
    !products.stepHasProducts &&
    !pages.some((page) => page.productIds.some(products.exists))
  )
    return 'nothing-to-offer';
  return null;
}

/** The merchant's notices, by gap: titled like the checkout's 'Nothing to sell'. */
export const STEP_GAP_NOTICES: Record<StepGap, { title: string; message: string }> = {
  empty: {
    title: 'Empty page',
    message: 'This step has no content yet: shoppers skip it until its page has blocks.',
  },
  'nothing-to-offer': {
    title: 'Nothing to sell',
    message:
      'This offer has nothing to sell: shoppers skip it. Add a product to the step, or choose one on its Yes button.',
  },
};

/**
 * The product ids named inside a value, per object: an edited document shares its unchanged parts, and
 * the editor asks again on every keystroke. An object's entry is used only where the depth limit would
 * not have cut its walk short (`height`: how many levels of objects lie below it).
 */
type ProductIds = { ids: readonly number[]; height: number; complete: boolean };
const productIdsCache = new WeakMap<object, { ids: readonly number[]; height: number }>();
function productIdsIn(value: unknown, depth: number): ProductIds {
  if (typeof value !== 'object' || value === null) return { ids: [], height: -1, complete: true };
  if (depth > 40) return { ids: [], height: 0, complete: false };
  const cached = productIdsCache.get(value);
  if (cached && depth + cached.height <= 40) return { ...cached, complete: true };
  const ids: number[] = [];
  let height = 0;
  let complete = true;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'productId' && typeof child === 'number' && Number.isSafeInteger(child) && child > 0)
      ids.push(child);
    else {
      const inner = productIdsIn(child, depth + 1);
      for (const id of inner.ids) ids.push(id);
      height = Math.max(height, inner.height + 1);
      complete &&= inner.complete;
    }
  }
  if (complete) productIdsCache.set(value, { ids, height });
  return { ids, height, complete };
}

/** A stored page document's facts (`config`, any shape or its JSON text): its blocks and the product ids it names. */
export function pageFacts(stored: unknown): StepPageFacts {
  let config = stored;
  if (typeof stored === 'string') {
    try {
      config = JSON.parse(stored);
    } catch {
      config = null;
    }
  }
  const productIds = new Set(productIdsIn(config, 0).ids);
  const children =
    typeof config === 'object' && config !== null ? (config as { children?: unknown }).children : undefined;
  const blocks = typeof children === 'object' && children !== null ? Object.keys(children).length : 0;
  return { blocks, productIds: [...productIds] };
}
