import { describe, expect, it } from 'vitest';
import { productIdsIn, yesLinkProductIds } from './product-ids.ts';

describe('the product-id walker (one for the editor, the published page and the payment endpoints)', () => {
  const page = {
    children: {
      1: { type: 'productList', attributes: { basic: { entries: [{ productId: 4 }, { productId: null }] } } },
      2: { type: 'orderBump', attributes: { basic: { productId: 7 } } },
      3: { type: 'button', attributes: { basic: { action: { type: 'yes-link', productId: 9 } } } },
      4: { type: 'button', attributes: { basic: { action: { type: 'goto-url', url: 'https://x.test' } } } },
    },
  };

  it('names every productId anywhere in a document: list entries, order bumps and yes-links', () => {
    expect(productIdsIn(page, { maxDepth: 40 })).toEqual([4, 7, 9]);
  });

  it('reads only positive whole numbers, and any JSON without failing', () => {
    const odd = [{ productId: 0 }, { productId: -3 }, { productId: 2.5 }, { productId: '5' }, null, 'x', 3];
    expect(productIdsIn(odd, { maxDepth: 40 })).toEqual([]);
    expect(productIdsIn(null, { maxDepth: 40 })).toEqual([]);
  });

  it('reads nothing deeper than maxDepth', () => {
    const deep = { a: { b: { c: { productId: 5 } } } };
    expect(productIdsIn(deep, { maxDepth: 3 })).toEqual([5]);
    expect(productIdsIn(deep, { maxDepth: 2 })).toEqual([]);
  });

  it('"yes-link (optional productId)": only yes-link actions name the product a yes-link charges', () => {
    expect(yesLinkProductIds(page.children[3].attributes)).toEqual([9]);
    expect(yesLinkProductIds(page.children[2].attributes)).toEqual([]);
    expect(yesLinkProductIds({ items: [{ action: { type: 'yes-link' } }] })).toEqual([]);
  });
});
