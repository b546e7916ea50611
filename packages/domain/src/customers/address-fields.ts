// Imports nothing: the published pages' script uses it and must stay small (runtime.test.ts).

/**
 * The address fields, shipping then billing, as customers, orders, forms and the export name them:
 * shipping_* for shipping, unprefixed for billing.
 */
export const ADDRESS_FIELDS = [
  'shipping_address',
  'shipping_city',
  'shipping_state',
  'shipping_zip',
  'shipping_country',
  'address',
  'city',
  'state',
  'zip',
  'country',
] as const;
