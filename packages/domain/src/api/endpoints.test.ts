import { describe, expect, it } from 'vitest';
import { API_SCOPES } from '../developers/rules.ts';
import { pathOf } from './endpoint.ts';
import { ENDPOINT_LIST, endpoints } from './endpoints.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const describeRow = (row: (typeof ENDPOINT_LIST)[number]) => `${row.method} ${row.path}`;

describe('the endpoint table', () => {
  it('has every method and path once', () => {
    const keys = ENDPOINT_LIST.map(describeRow);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(keys.length).toBeGreaterThan(300);
  });

  it('"every write checked against the member\'s permission": each write names a flag, or says why it needs none', () => {
    const unexplained = ENDPOINT_LIST.filter((row) => WRITES.has(row.method)).filter((row) => {
      const access = row.access;
      if (!access) return true;
      if ('permission' in access) return false;
      const reason =
        'anyMember' in access ? access.anyMember : 'signedIn' in access ? access.signedIn : access.public;
      // A sentence, not a placeholder.
      return reason.trim().split(/\s+/).length < 5;
    });
    expect(unexplained.map(describeRow)).toEqual([]);
  });

  it('gives every row a summary and a tag, and only scopes developer apps can hold', () => {
    expect(ENDPOINT_LIST.filter((row) => !row.summary.trim() || !row.tag.trim()).map(describeRow)).toEqual(
      [],
    );
    const scopes = new Set<string>(API_SCOPES);
    expect(ENDPOINT_LIST.filter((row) => row.scope && !scopes.has(row.scope)).map(describeRow)).toEqual([]);
  });

  it('lets API keys write only with a write scope and never outside /api/', () => {
    const wrong = ENDPOINT_LIST.filter(
      (row) =>
        row.scope &&
        (!row.path.startsWith('/api/') ||
          (WRITES.has(row.method) && row.scope.endsWith(':read')) ||
          (!WRITES.has(row.method) && row.scope.endsWith(':write'))),
    );
    expect(wrong.map(describeRow)).toEqual([]);
  });

  it('names the rows of an area by what they do', () => {
    expect(endpoints.orders.cancelOrder).toMatchObject({ method: 'PUT', path: '/api/orders/:id/cancel' });
    expect(endpoints.orders.cancelOrder.access).toEqual({ permission: 'orders' });
  });
});

describe('pathOf', () => {
  it('fills path parameters, encoded', () => {
    expect(pathOf('/api/orders/:id/notes/:noteId', { id: 5, noteId: 'a b' })).toBe(
      '/api/orders/5/notes/a%20b',
    );
  });
  it('refuses a missing parameter rather than calling a wrong address', () => {
    expect(() => pathOf('/api/orders/:id', {})).toThrow(':id');
  });
});
