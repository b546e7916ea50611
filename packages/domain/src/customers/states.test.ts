import { describe, expect, it } from 'vitest';
import { regionError, regionLabel, STATES, statesOf } from './states.ts';

// Issue 35, item 7: "after choosing United Kingdom or Romania the State list still offers Alabama…; a
// region field follows the chosen country (a list where we have one, free text otherwise) … The server
// accepts a region that belongs to the country (list countries) or any text (others)."
describe('the region of an address follows its country', () => {
  it('lists US states, Canadian provinces, Australian states and Romanian counties, by postal code', () => {
    expect([...new Set(STATES.map((state) => state.country))]).toEqual(['US', 'CA', 'AU', 'RO']);
    expect(statesOf('US')).toContainEqual({ country: 'US', code: 'TX', name: 'Texas' });
    expect(statesOf('Canada')).toHaveLength(13);
    expect(statesOf('AU').map((s) => s.code)).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    expect(statesOf('RO')).toHaveLength(42);
    expect(statesOf('ro')).toContainEqual({ country: 'RO', code: 'CJ', name: 'Cluj' });
    expect(STATES.filter((s) => s.name === 'Alabama').map((s) => s.country)).toEqual(['US']);
  });

  it('leaves the region of any other country free text', () => {
    expect(statesOf('GB')).toEqual([]);
    expect(statesOf('United Kingdom')).toEqual([]);
    expect(regionError('GB', 'Greater London')).toBeNull();
    expect(regionError('DE', 'Bayern')).toBeNull();
    expect(regionError('', 'anything')).toBeNull();
  });

  it('accepts a listed country’s own region (code or name, any case) or none, and names the rule otherwise', () => {
    expect(regionError('US', 'TX')).toBeNull();
    expect(regionError('United States', 'texas')).toBeNull();
    expect(regionError('RO', 'cj')).toBeNull();
    expect(regionError('RO', '')).toBeNull();
    expect(regionError('RO', 'AL')).toBe('Choose a county of Romania');
    expect(regionError('CA', 'Texas')).toBe('Choose a province of Canada');
    expect(regionError('US', 'Ontario')).toBe('Choose a state of United States');
  });

  it('calls the region by its country’s word', () => {
    expect(regionLabel('US')).toBe('State');
    expect(regionLabel('CA')).toBe('Province');
    expect(regionLabel('RO')).toBe('County');
    expect(regionLabel('GB')).toBe('Region');
    expect(regionLabel('')).toBe('Region');
  });
});
