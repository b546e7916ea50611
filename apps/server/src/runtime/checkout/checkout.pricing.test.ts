import { describe, expect, it } from 'vitest';
import { CHOOSE_VARIANT, VARIANT_UNAVAILABLE, variantOf } from './checkout.pricing.ts';

// Issue 35, item 3: "where a product has variants the shopper chooses one … the server prices that
// variant, refusing a variant not of that product with a 4xx naming the field".
const candle = { name: 'Lavender candle' };
const variants = [
  { id: 7, name: 'Small', priceMinor: 2499 },
  { id: 8, name: 'Large', priceMinor: 3450 },
];

describe('the variant a line is bought as', () => {
  it('is the one chosen, when it is of the product', () => {
    expect(variantOf(candle, variants, 8, true, 'items.0.variant_id')).toEqual(variants[1]);
    expect(variantOf(candle, variants, 7, false, 'variant_id')).toEqual(variants[0]);
  });

  it('refuses a variant of another product (422, naming the field)', () => {
    expect(() => variantOf(candle, variants, 99, true, 'items.2.variant_id')).toThrow(
      expect.objectContaining({ status: 422, message: VARIANT_UNAVAILABLE, field: 'items.2.variant_id' }),
    );
  });

  it('needs a choice where the page offers one, and is the first (as shown) where it offers none', () => {
    expect(() => variantOf(candle, variants, null, true, 'items.0.variant_id')).toThrow(
      expect.objectContaining({ status: 422, message: CHOOSE_VARIANT('Lavender candle') }),
    );
    expect(variantOf(candle, variants, null, false, 'order_bump')).toEqual(variants[0]);
  });

  it('is none for a product without variants, which is bought at its own price', () => {
    expect(variantOf(candle, [], null, true, 'items.0.variant_id')).toBeUndefined();
    expect(() => variantOf(candle, [], 7, true, 'items.0.variant_id')).toThrow(
      expect.objectContaining({ status: 422, field: 'items.0.variant_id' }),
    );
  });
});
