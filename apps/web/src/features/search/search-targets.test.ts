import type { SearchResults } from '@funnelwork/domain/search/contracts';
import { describe, expect, test } from 'vitest';
import { foundCount, searchItemName, searchTarget, viewAllTarget } from './search-targets.ts';

const empty: SearchResults = { funnels: [], apps: [], customers: [], integrations: [], products: [] };

describe('search targets (spec §2 "Global search targets by full page load")', () => {
  test('funnel type 0 opens /funnel/{id}/, type 1 /wfunnel/{id}/', () => {
    expect(searchTarget.funnels({ id: 7, name: 'A', funnel_type: 0 })).toBe('/funnel/7/');
    expect(searchTarget.funnels({ id: 7, name: 'A', funnel_type: 1 })).toBe('/wfunnel/7/');
  });
  test('customers open /customers?id=, apps /apps/{id}, integrations /integrations/{id}', () => {
    expect(searchTarget.customers({ id: 12, first_name: 'Ada', last_name: 'L' })).toBe('/customers?id=12');
    expect(searchTarget.apps({ id: 9, name: 'Mailchimp subscribers' })).toBe('/apps/9');
    expect(searchTarget.integrations({ id: 4, name: 'Mailer' })).toBe('/integrations/4');
  });
  test("a product opens its step's product panel, and nothing when it is on no step", () => {
    const product = { id: 5, name: 'Mug', funnel_id: 2, step_id: 8, funnel_type: 1, image_url: null };
    expect(searchTarget.products(product)).toBe('/wfunnel/2/steps/8/product/5');
    expect(searchTarget.products({ ...product, funnel_type: 0 })).toBe('/funnel/2/steps/8/product/5');
    expect(searchTarget.products({ ...product, step_id: null })).toBeNull();
  });
  test("each group except Products has a 'View all' link", () => {
    expect(viewAllTarget).toEqual({
      funnels: '/funnels',
      apps: '/apps',
      customers: '/customers',
      integrations: '/integrations',
      products: null,
    });
  });
  test('counts the items of all groups, and names customers by their full name', () => {
    const results: SearchResults = {
      ...empty,
      funnels: [{ id: 1, name: 'A', funnel_type: 0 }],
      customers: [
        { id: 2, first_name: 'Ada', last_name: 'Lovelace' },
        { id: 3, first_name: '', last_name: '' },
      ],
    };
    expect(foundCount(results)).toBe(3);
    expect(foundCount(empty)).toBe(0);
    expect(searchItemName('customers', { id: 2, first_name: 'Ada', last_name: 'Lovelace' })).toBe(
      'Ada Lovelace',
    );
    expect(searchItemName('customers', { id: 3, first_name: '', last_name: '' })).toBe('Customer #3');
    expect(searchItemName('funnels', { id: 1, name: 'Summer', funnel_type: 0 })).toBe('Summer');
  });
});
