import { describe, expect, it } from 'vitest';
import {
  canContinueNewStep,
  cleanStepUrl,
  cloneName,
  evenAbPercents,
  firstFreePath,
  funnelKind,
  funnelPathFromName,
  funnelRoute,
  newStepName,
  nextOrderIndex,
  parseTemplateId,
  reorderIndexes,
  STEP_TYPES,
  stepPathFromName,
  stepTypeTitle,
  stepUrlProblem,
  userTemplateId,
} from './rules.ts';

describe('funnel kinds (spec §1, §2.3)', () => {
  it('"a classic kind (funnel_type 0 or absent) and a second kind (funnel_type 1)"', () => {
    expect(funnelKind(0)).toBe('classic');
    expect(funnelKind(undefined)).toBe('classic');
    expect(funnelKind(null)).toBe('classic');
    expect(funnelKind(1)).toBe('second');
  });
  it('"A funnel list entry opens /funnel/{id} or /wfunnel/{id} according to funnel_type."', () => {
    expect(funnelRoute({ id: 7, funnel_type: 1 })).toBe('/wfunnel/7');
    expect(funnelRoute({ id: 7, funnel_type: 0 })).toBe('/funnel/7');
    expect(funnelRoute({ id: 7 })).toBe('/funnel/7');
  });
});

describe('step types (spec §3)', () => {
  it('"step_type (1 Checkout, 2 Upsell, 3 Thank you page, 4 Downsell, 5 Landing page, 6 Other)"', () => {
    expect(STEP_TYPES.map((t) => [t.value, t.title])).toEqual([
      [1, 'Checkout'],
      [2, 'Upsell'],
      [3, 'Thank you page'],
      [4, 'Downsell'],
      [5, 'Landing page'],
      [6, 'Other'],
    ]);
    expect(stepTypeTitle(3)).toBe('Thank you page');
    expect(stepTypeTitle(7)).toBeUndefined();
  });
});

describe('clone name (spec §9)', () => {
  it('"Clone default name is the funnel name plus \' - [clone]\'."', () => {
    expect(cloneName('Summer sale')).toBe('Summer sale - [clone]');
    expect(cloneName('Summer sale - [clone]')).toBe('Summer sale - [clone] - [clone]');
  });
});

describe('add step (spec §4, §5)', () => {
  it('"pre-fills the name as \'New \' plus the type title"', () => {
    expect(newStepName(1)).toBe('New Checkout');
    expect(newStepName(3)).toBe('New Thank you page');
  });
  it('"and the path as the lowercase name with spaces turned to hyphens"', () => {
    expect(stepPathFromName('New Thank you page')).toBe('new-thank-you-page');
    expect(stepPathFromName('  Order  Bump ')).toBe('order-bump');
    expect(stepPathFromName('VIP')).toBe('vip');
  });
  it('"Step URLs are stripped of any protocol prefix and trimmed."', () => {
    expect(cleanStepUrl('  https://shop.example.com/checkout ')).toBe('shop.example.com/checkout');
    expect(cleanStepUrl('http://upsell')).toBe('upsell');
    expect(cleanStepUrl('HTTPS://Upsell')).toBe('Upsell');
    expect(cleanStepUrl('//cdn/path')).toBe('cdn/path');
    expect(cleanStepUrl('ftp://files ')).toBe('files');
    expect(cleanStepUrl(' thank-you ')).toBe('thank-you');
    expect(cleanStepUrl('https://')).toBe('');
  });
  it('"Name and Step URL are required; Continue is disabled when either is blank after trimming"', () => {
    expect(canContinueNewStep({ name: 'Checkout', url: 'checkout' })).toBe(true);
    expect(canContinueNewStep({ name: '  ', url: 'checkout' })).toBe(false);
    expect(canContinueNewStep({ name: 'Checkout', url: '   ' })).toBe(false);
    expect(canContinueNewStep({ name: 'Checkout', url: 'https:// ' })).toBe(false);
  });
  it('"New step order_index is the number of existing steps plus one."', () => {
    expect(nextOrderIndex(0)).toBe(1);
    expect(nextOrderIndex(3)).toBe(4);
  });
  it('"Reorder steps: every step is patched with a new order_index, 1-based."', () => {
    expect(reorderIndexes([{ id: 9 }, { id: 4 }, { id: 6 }])).toEqual([
      { id: 9, order_index: 1 },
      { id: 4, order_index: 2 },
      { id: 6, order_index: 3 },
    ]);
  });
});

describe('template ids (spec §3)', () => {
  it('"A template id starting with \'U.\' marks a user template; the prefix is stripped and the rest is a number."', () => {
    expect(parseTemplateId('U.12')).toEqual({ kind: 'user', id: 12 });
    expect(parseTemplateId(' U.7 ')).toEqual({ kind: 'user', id: 7 });
    expect(parseTemplateId('U.abc')).toBeNull();
    expect(parseTemplateId('U.')).toBeNull();
    expect(parseTemplateId('U.0')).toBeNull();
    expect(parseTemplateId('U.1.5')).toBeNull();
    expect(parseTemplateId('u.12')).toEqual({ kind: 'builtin', id: 'u.12' });
    expect(parseTemplateId(12)).toEqual({ kind: 'builtin', id: '12' });
    expect(parseTemplateId('checkout-classic')).toEqual({ kind: 'builtin', id: 'checkout-classic' });
    expect(parseTemplateId('')).toBeNull();
    expect(parseTemplateId(null)).toBeNull();
    expect(parseTemplateId(undefined)).toBeNull();
  });
  it('offers a saved template under its U. id, which parses back to the same number', () => {
    expect(userTemplateId(42)).toBe('U.42');
    expect(parseTemplateId(userTemplateId(42))).toEqual({ kind: 'user', id: 42 });
  });
});

describe('funnel paths', () => {
  it('derives a published path from the name', () => {
    expect(funnelPathFromName('My Summer Sale!')).toBe('my-summer-sale');
    expect(funnelPathFromName('Café  Crème')).toBe('cafe-creme');
    expect(funnelPathFromName('***')).toBe('funnel');
    expect(funnelPathFromName('a'.repeat(100)).length).toBe(60);
  });
  it('takes the first free path with a numeric suffix, case-insensitively', () => {
    expect(firstFreePath('sale', [])).toBe('sale');
    expect(firstFreePath('sale', ['SALE', 'sale-2'])).toBe('sale-3');
  });
});

describe('A/B percents of pages created together', () => {
  it('split 100 evenly, the remainder to the first pages', () => {
    expect(evenAbPercents(1)).toEqual([100]);
    expect(evenAbPercents(2)).toEqual([50, 50]);
    expect(evenAbPercents(3)).toEqual([34, 33, 33]);
    expect(evenAbPercents(0)).toEqual([]);
  });
});

describe('stepUrlProblem: the step URL rule the server’s schema uses, checked in the browser', () => {
  it('names white space, ? # and \\ in the merchant’s words, and the length; passes a good URL', () => {
    expect(stepUrlProblem('my sales page')).toBe("A step URL may not hold spaces, '?', '#' or '\\'");
    expect(stepUrlProblem('offer?x=1')).toBe("A step URL may not hold spaces, '?', '#' or '\\'");
    expect(stepUrlProblem('a'.repeat(256))).toBe('A step URL has at most 255 characters');
    expect(stepUrlProblem(' my-sales-page ')).toBeUndefined();
    expect(stepUrlProblem('shop/offer')).toBeUndefined();
  });
});
