import { describe, expect, it } from 'vitest';
import { addressesOf, addressLines, completeAddresses, countryName } from './addresses.ts';

const street = '1 Main St';

describe('completeAddresses (issue 19: "A shopper\'s shipping and billing address are stored whole")', () => {
  it(
    '"the form presets name the street shipping_address but the city, country, state and zip city, country, ' +
      'state, zip": those complete the shipping address, and billing is the same',
    () => {
      const posted = {
        email: 'ann@example.test',
        shipping_address: street,
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
      };
      expect(completeAddresses(posted)).toEqual({
        email: 'ann@example.test',
        shipping_address: street,
        shipping_city: 'Springfield',
        shipping_state: 'IL',
        shipping_zip: '62701',
        shipping_country: 'US',
        address: street,
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
      });
      expect(posted).not.toHaveProperty('shipping_city');
    },
  );

  it('checkout contract defaults (blank shipping parts) count as missing', () => {
    const completed = completeAddresses({
      shipping_address: street,
      shipping_city: '',
      shipping_state: ' ',
      shipping_zip: '',
      shipping_country: '',
      address: '',
      city: 'Cluj',
      state: 'CJ',
      zip: '400000',
      country: 'RO',
    });
    expect(addressesOf(completed).shipping).toEqual({
      address: street,
      city: 'Cluj',
      state: 'CJ',
      zip: '400000',
      country: 'RO',
    });
    expect(addressesOf(completed).billing).toEqual(addressesOf(completed).shipping);
  });

  it('the new preset names give the shipping address whole; "billing same as shipping" when no billing street', () => {
    const completed = completeAddresses({
      shipping_address: street,
      shipping_city: 'Springfield',
      shipping_state: 'IL',
      shipping_zip: '62701',
      shipping_country: 'US',
    });
    expect(addressesOf(completed).billing).toEqual({
      address: street,
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'US',
    });
  });

  it('a billing street keeps its own billing address; prefixed shipping parts are not overwritten', () => {
    const fields = {
      shipping_address: street,
      shipping_city: 'Springfield',
      shipping_state: '',
      shipping_zip: '',
      shipping_country: 'US',
      address: '9 Bill Rd',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
      country: 'US',
    };
    expect(completeAddresses(fields)).toEqual(fields);
  });

  it('without a shipping street nothing changes (an opt-in asking only for a country keeps it)', () => {
    const fields = { email: 'a@b.test', country: 'RO', city: '' };
    expect(completeAddresses(fields)).toEqual(fields);
  });
});

describe('address display', () => {
  it('names a country by its code or name, keeps an unknown one as stored', () => {
    expect(countryName('RO')).toBe('Romania');
    expect(countryName('united kingdom')).toBe('United Kingdom');
    expect(countryName('Atlantis')).toBe('Atlantis');
  });

  it('writes the street, "city, state zip" and the country by its name, leaving blanks out', () => {
    expect(
      addressLines({ address: street, city: 'Springfield', state: 'IL', zip: '62701', country: 'US' }),
    ).toEqual([street, 'Springfield, IL 62701', 'United States']);
    expect(addressLines({ address: street, city: '', state: '', zip: '400000', country: 'RO' })).toEqual([
      street,
      '400000',
      'Romania',
    ]);
  });

  it('shows nothing for an empty address', () => {
    expect(addressLines({ address: '', city: ' ', state: '', zip: '', country: '' })).toEqual([]);
  });
});
