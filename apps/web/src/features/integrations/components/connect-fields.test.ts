import type { ConnectField, UserIntegration } from '@funnelwork/domain/integrations/contracts';
import { describe, expect, test } from 'vitest';
import { connectFieldsToSend, initialConnectValues, keepsSecret } from './connect-fields.ts';

const fields: ConnectField[] = [
  { key: 'shop_domain', label: 'Store address', type: 'text', required: true },
  { key: 'access_token', label: 'Admin API access token', type: 'secret', required: true },
];

const connection = {
  id: 3,
  integration_id: 4,
  name: 'Shopify',
  active: true,
  connected: true,
  connected_at: '2026-01-01T00:00:00.000Z',
  settings: { shop_domain: 'my-store.myshopify.com', shop_name: 'My Store' },
  api_base: null,
  secrets: ['access_token'],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
} satisfies UserIntegration;

describe('API integration connect form', () => {
  test('starts from the stored settings; secrets always start empty', () => {
    expect(initialConnectValues(fields, undefined)).toEqual({ shop_domain: '', access_token: '' });
    expect(initialConnectValues(fields, connection)).toEqual({
      shop_domain: 'my-store.myshopify.com',
      access_token: '',
    });
  });

  test('sends every field, trimmed', () => {
    expect(connectFieldsToSend(fields, { shop_domain: ' my-store ' })).toEqual({
      shop_domain: 'my-store',
      access_token: '',
    });
  });

  test('an empty secret field keeps the stored secret only while connected', () => {
    const secret = fields[1] as ConnectField;
    expect(keepsSecret(secret, connection)).toBe(true);
    expect(keepsSecret(secret, { ...connection, connected: false, secrets: [] })).toBe(false);
    expect(keepsSecret(secret, undefined)).toBe(false);
    expect(keepsSecret(fields[0] as ConnectField, connection)).toBe(false);
  });
});
