import type { Customer } from '@funnelwork/domain';
import { whatsappLink } from '@funnelwork/domain/rules';
import { describe, expect, test } from 'vitest';
import {
  countryOptions,
  customerFormChanged,
  customerFormValues,
  customerName,
  customerPatch,
  regionOptions,
} from './customer-form.ts';

const customer: Customer = {
  id: 9,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  optin_email: 'ada.optin@example.test',
  payer_email: '',
  phone: '0722 123-456',
  shipping_address: '1 Main St',
  shipping_state: '',
  shipping_city: 'Bucharest',
  shipping_zip: '010011',
  shipping_country: 'Romania',
  address: '',
  state: '',
  city: '',
  zip: '',
  country: 'GB',
  metadata: [{ key: 'source', value: 'facebook' }],
  is_auto_optin: true,
  created_time: '2026-01-02T10:00:00.000Z',
  orders_count: 3,
  marketing_unsubscribed_at: null,
};

describe('customer form', () => {
  test('edits every field but the read-only opt-in e-mail and metadata', () => {
    const values = customerFormValues(customer);
    expect(values).not.toHaveProperty('optin_email');
    expect(values).not.toHaveProperty('metadata');
    expect(values.first_name).toBe('Ada');
  });
  test('shows a country stored by name by its code', () => {
    expect(customerFormValues(customer).shipping_country).toBe('RO');
    expect(customerFormValues(customer).country).toBe('GB');
  });
  test('"Save changes sends the whole customer": every editable field, trimmed', () => {
    const patch = customerPatch({ ...customerFormValues(customer), first_name: '  Augusta ' });
    expect(patch.first_name).toBe('Augusta');
    expect(Object.keys(patch)).toHaveLength(15);
    expect(patch).not.toHaveProperty('optin_email');
  });
  test('knows when the form differs from the customer', () => {
    expect(customerFormChanged(customer, customerFormValues(customer))).toBe(false);
    expect(customerFormChanged(customer, { ...customerFormValues(customer), city: 'Cluj' })).toBe(true);
  });
  test('names a customer by name, else e-mail, else number', () => {
    expect(customerName(customer)).toBe('Ada Lovelace');
    expect(customerName({ ...customer, first_name: '', last_name: '' })).toBe('ada@example.test');
    expect(customerName({ ...customer, first_name: '', last_name: '', email: '' })).toBe(
      'ada.optin@example.test',
    );
    expect(customerName({ id: 4, first_name: '', last_name: '', email: '' })).toBe('Customer #4');
  });
  test('keeps an unknown stored country selectable', () => {
    expect(countryOptions('Atlantis')[0]).toEqual({ value: 'Atlantis', label: 'Atlantis' });
    expect(countryOptions('RO')[0]?.value).toBe('AF');
  });
});

describe('WhatsApp link of the customer phone (spec §5)', () => {
  test("prepends the shipping country's dial code and removes spaces and hyphens", () => {
    const values = customerFormValues(customer);
    expect(whatsappLink(values.phone, values.shipping_country, values.country)).toBe(
      'https://wa.me/400722123456',
    );
  });
  test('keeps a number that starts with plus or 00', () => {
    expect(whatsappLink('+44 20 7946-0958', 'RO', 'GB')).toBe('https://wa.me/442079460958');
    expect(whatsappLink('0044 20 7946 0958', 'RO', 'GB')).toBe('https://wa.me/442079460958');
  });
  test("falls back to the billing country's code", () => {
    expect(whatsappLink('555 0100', '', 'US')).toBe('https://wa.me/15550100');
  });
});

// Issue 35, item 7: "a region field follows the chosen country (a list where we have one, free text
// otherwise) … in the customer panel".
describe('the customer panel’s region', () => {
  test('offers the regions of a listed country, none (free text) for another', () => {
    expect(regionOptions('RO', '')).toContainEqual({ value: 'CJ', label: 'Cluj' });
    expect(regionOptions('RO', '').some((option) => option.label === 'Alabama')).toBe(false);
    expect(regionOptions('US', '')).toContainEqual({ value: 'TX', label: 'Texas' });
    expect(regionOptions('GB', 'Greater London')).toEqual([]);
    expect(regionOptions('', '')).toEqual([]);
  });

  test('keeps a stored value the list does not know selectable, and shows a stored name by its code', () => {
    expect(regionOptions('US', 'Tx City')[0]).toEqual({ value: 'Tx City', label: 'Tx City' });
    const values = customerFormValues({
      ...customer,
      shipping_country: 'United States',
      shipping_state: 'Texas',
    });
    expect(values.shipping_state).toBe('TX');
    expect(customerFormValues(customer).state).toBe('');
  });
});
