import { describe, expect, it } from 'vitest';
import { pageFacts, stepGap } from './step-gaps.ts';

const none = { stepHasProducts: false, exists: () => false };

describe('"A step that cannot do its job is skipped for shoppers"', () => {
  it('a page with no blocks is empty, whatever the step', () => {
    expect(stepGap(3, [{ blocks: 0, productIds: [] }], none)).toBe('empty');
    expect(stepGap(3, [], none)).toBe('empty');
    expect(stepGap(3, [{ blocks: 4, productIds: [] }], none)).toBeNull();
  });

  it('an upsell or downsell with nothing to sell is skipped; a step product or a named one that exists sells', () => {
    const page = { blocks: 3, productIds: [7] };
    expect(stepGap(2, [page], none)).toBe('nothing-to-offer');
    expect(stepGap(4, [page], none)).toBe('nothing-to-offer');
    expect(stepGap(2, [page], { stepHasProducts: true, exists: () => false })).toBeNull();
    expect(stepGap(2, [page], { stepHasProducts: false, exists: (id) => id === 7 })).toBeNull();
    // A landing page sells nothing by design.
    expect(stepGap(5, [page], none)).toBeNull();
  });
});

describe('pageFacts', () => {
  it('counts blocks and finds product ids anywhere, in a document or its JSON text', () => {
    const doc = {
      children: { 1: { attributes: { basic: { action: { type: 'yes-link', productId: 9 } } } } },
    };
    expect(pageFacts(doc)).toEqual({ blocks: 1, productIds: [9] });
    expect(pageFacts(JSON.stringify(doc))).toEqual({ blocks: 1, productIds: [9] });
    expect(pageFacts(null)).toEqual({ blocks: 0, productIds: [] });
  });
});
