import { describe, expect, it } from 'vitest';
import { pageHtml } from '../render/string/render-string.ts';
import { checkoutDocument } from '../templates/checkout.ts';
import {
  namedProductIds,
  type SellableProduct,
  type StepCatalogue,
  sellableIds,
  sellsNothing,
  withSellableProducts,
} from './sellable.ts';

const yoga: SellableProduct = { id: 41, name: 'Yoga Course', price: 49 };
const mat: SellableProduct = { id: 42, name: 'Yoga Mat', price: 25 };
const catalogue = (step: SellableProduct[], named: SellableProduct[] = []): StepCatalogue => ({
  named: new Map(named.map((p) => [p.id, p])),
  step,
});

const blocksOf = (document: ReturnType<typeof checkoutDocument>, type: string) =>
  Object.values(document.children).filter((block) => block.type === type);

describe('a checkout page sells real products (issue 19: checkouts from templates sell)', () => {
  it("shows the step's products instead of the template's placeholders, on the published page", () => {
    const page = withSellableProducts(checkoutDocument(), catalogue([yoga]), 'shopper');
    const [list] = blocksOf(page, 'productList');
    expect(list?.type === 'productList' && list.attributes.basic.entries).toEqual([
      { productId: 41, title: 'Yoga Course', pcs: 1, price: 49 },
    ]);
    const html = pageHtml(page);
    expect(html).toContain('Yoga Course');
    expect(html).not.toContain('Complete Growth Course</span>');
    expect(html).not.toContain('97.00');
    expect(html).not.toContain('197.00');
  });

  it('leaves out an order bump that names no product, for the shopper only', () => {
    const template = checkoutDocument();
    expect(blocksOf(template, 'orderBump')).toHaveLength(1);
    expect(blocksOf(withSellableProducts(template, catalogue([yoga]), 'shopper'), 'orderBump')).toHaveLength(
      0,
    );
    expect(blocksOf(withSellableProducts(template, catalogue([yoga]), 'editor'), 'orderBump')).toHaveLength(
      1,
    );
    expect(pageHtml(withSellableProducts(template, catalogue([yoga]), 'shopper'))).not.toContain(
      'Swipe File',
    );
  });

  it("shows a linked entry with its product's own name and price, whatever the entry says", () => {
    const template = checkoutDocument();
    const [list] = blocksOf(template, 'productList');
    if (list?.type !== 'productList') throw new Error('the template has a product list');
    list.attributes.basic.entries[0] = { productId: 42, title: 'Complete Growth Course', pcs: 1, price: 97 };
    const page = withSellableProducts(template, catalogue([yoga], [mat]), 'shopper');
    const [shown] = blocksOf(page, 'productList');
    expect(shown?.type === 'productList' && shown.attributes.basic.entries).toEqual([
      { productId: 42, title: 'Yoga Mat', pcs: 1, price: 25 },
    ]);
  });

  it('never shows the shopper a placeholder price when there is nothing to sell', () => {
    const html = pageHtml(withSellableProducts(checkoutDocument(), catalogue([]), 'shopper'));
    expect(html).not.toContain('97.00');
    expect(html).not.toContain('Course + 1:1 coaching call');
    expect(sellsNothing(checkoutDocument(), catalogue([]))).toBe(true);
    expect(sellsNothing(checkoutDocument(), catalogue([yoga]))).toBe(false);
  });

  it('keeps the placeholders in the editor while nothing is for sale, so the list can be selected', () => {
    const page = withSellableProducts(checkoutDocument(), catalogue([]), 'editor');
    expect(pageHtml(page)).toContain('Complete Growth Course');
  });

  it("sells linked entries that exist, else the step's products", () => {
    const exists = (id: number) => id === 42;
    expect(sellableIds([null, 42, 99], exists, [41])).toEqual([42]);
    expect(sellableIds([null, 99], exists, [41, 43])).toEqual([41, 43]);
    expect(sellableIds([], exists, [])).toEqual([]);
  });

  it('lists the ids the lists and bumps name', () => {
    expect(namedProductIds(checkoutDocument())).toEqual([]);
  });
});
