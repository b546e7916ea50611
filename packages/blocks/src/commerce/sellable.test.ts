import { describe, expect, it } from 'vitest';
import { pageHtml } from '../render/string/render-string.ts';
import { checkoutDocument } from '../templates/checkout.ts';
import { tripwireDownsellDocument } from '../templates/kit-pages.ts';
import { upsellDocument } from '../templates/upsell.ts';
import {
  namedProductIds,
  OFFER_PRICE_TAG,
  type SellableProduct,
  type StepCatalogue,
  sellableIds,
  sellableProduct,
  sellsNothing,
  withSellableProducts,
} from './sellable.ts';

const yoga: SellableProduct = { id: 41, name: 'Yoga Course', price: 49, currency: 'USD', variants: [] };
const mat: SellableProduct = { id: 42, name: 'Yoga Mat', price: 25, currency: 'USD', variants: [] };
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
      { productId: 41, title: 'Yoga Course', pcs: 1, price: 49, product: { currency: 'USD', variants: [] } },
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
      { productId: 42, title: 'Yoga Mat', pcs: 1, price: 25, product: { currency: 'USD', variants: [] } },
    ]);
  });

  // Issue 35, item 3: "A product with variants (Small $24.99, Large $34.50) showed 'Lavender candle · 1 pcs ·
  // 24.99' … and was charged $34.50 for 'Large'. A shopper pays exactly what the page showed, with the
  // currency symbol; where a product has variants the shopper chooses one and sees its price."
  it('offers a product’s variants to choose from, showing the first one’s price with its currency symbol', () => {
    const candle = sellableProduct({ id: 43, name: 'Lavender candle', price: 20, currency: 'USD' }, [
      { id: 7, name: 'Small', price: 24.99 },
      { id: 8, name: 'Large', price: 34.5 },
    ]);
    expect(candle.price).toBe(24.99);
    const html = pageHtml(withSellableProducts(checkoutDocument(), catalogue([candle]), 'shopper'));
    expect(html).toContain(
      '<select class="fw-product-variant" aria-label="Lavender candle option" data-variant-select=""><option value="7" data-price="24.99" selected="">Small</option><option value="8" data-price="34.50">Large</option></select>',
    );
    expect(html).toContain(
      '<span class="fw-product-price" data-price="24.99" data-currency="USD">$24.99</span>',
    );
    const lei = sellableProduct({ id: 44, name: 'Lumânare', price: 120, currency: 'RON' }, []);
    expect(pageHtml(withSellableProducts(checkoutDocument(), catalogue([lei]), 'shopper'))).toContain(
      '>120.00 lei</span>',
    );
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

describe('an offer page shows the price it charges ({{offer_price}})', () => {
  const pack: SellableProduct = { id: 51, name: 'Template Pack', price: 97, currency: 'USD', variants: [] };
  const euro: SellableProduct = { id: 52, name: 'Planner', price: 12.5, currency: 'EUR', variants: [] };

  it("writes the step's product price where the upsell template says 'Today only', never the template's", () => {
    const template = upsellDocument();
    expect(pageHtml(template)).toContain(`Today only ${OFFER_PRICE_TAG}`);
    const html = pageHtml(withSellableProducts(template, catalogue([pack]), 'shopper'));
    expect(html).toContain('Today only $97.00');
    expect(html).not.toContain('$37');
    expect(html).not.toContain('offer_price');
  });

  it('prices the product a yes-link names before the step’s own, in its currency', () => {
    const template = tripwireDownsellDocument();
    const yes = Object.values(template.children).find(
      (block) => block.type === 'button' && JSON.stringify(block.attributes).includes('yes-link'),
    );
    if (yes?.type !== 'button') throw new Error('the downsell has a yes button');
    const action = JSON.parse(
      JSON.stringify(yes.attributes).replace('"yes-link"', '"yes-link","productId":52'),
    );
    yes.attributes = action;
    expect(namedProductIds(template)).toEqual([52]);
    const html = pageHtml(withSellableProducts(template, catalogue([pack], [euro]), 'shopper'));
    expect(html).toContain('€12.50');
    expect(html).not.toContain('$97.00');
  });

  it("writes an order bump's own product price in its headline", () => {
    const template = checkoutDocument();
    const [bump] = blocksOf(template, 'orderBump');
    if (bump?.type !== 'orderBump') throw new Error('the checkout has an order bump');
    bump.attributes.basic.productId = 42;
    const html = pageHtml(withSellableProducts(template, catalogue([yoga], [mat]), 'shopper'));
    expect(html).toContain('Yes! Add the Swipe File for just $25.00');
    expect(html).not.toContain('$17');
  });

  it('keeps the tag on the editor canvas, so text edited in place never stores a price', () => {
    const html = pageHtml(withSellableProducts(upsellDocument(), catalogue([pack]), 'editor'));
    expect(html).toContain(`Today only ${OFFER_PRICE_TAG}`);
  });

  it('leaves the tag out for the shopper when the page offers nothing to sell', () => {
    const html = pageHtml(withSellableProducts(upsellDocument(), catalogue([]), 'shopper'));
    expect(html).not.toContain('offer_price');
    expect(html).not.toContain('$37');
  });
});
