import { ordersEndpoints } from '@funnelwork/domain/api/orders';
import type { usersEndpoints } from '@funnelwork/domain/api/users';
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The client reads the session token from local storage: a stand-in for the browser's.
const storage = new Map<string, string>([['fw.token', 'token-1']]);
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, value),
  removeItem: (key: string) => storage.delete(key),
});
vi.stubGlobal('window', { addEventListener: () => {} });

let client: typeof import('./api-client.ts');
beforeAll(async () => {
  client = await import('./api-client.ts');
});

describe('the typed client', () => {
  it("calls a row's method and address, with its path parameters and query filled in", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ data: { is_canceled: true, is_refunded: false } })),
    );
    vi.stubGlobal('fetch', fetch);
    const answer = await client.callOrThrow(ordersEndpoints.cancelOrder, {
      params: { id: 7 },
      query: { refund: 'true', reason: undefined },
    });
    expect(fetch).toHaveBeenCalledWith('/api/orders/7/cancel?refund=true', {
      method: 'PUT',
      headers: { accept: 'application/json', authorization: 'Bearer token-1' },
      body: undefined,
    });
    // The answer's type comes from the row's schema: no `T` written by hand.
    const canceled: boolean = answer.is_canceled;
    expect(canceled).toBe(true);
  });

  it('turns a failure into an ApiError carrying the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { message: 'Order not found', code: 'not_found', status: 404 } }),
            { status: 404 },
          ),
      ),
    );
    await expect(client.callOrThrow(ordersEndpoints.getOrder, { params: { id: 1 } })).rejects.toThrow(
      'Order not found',
    );
  });

  it('does not compile a call without its path parameters', () => {
    // Type-level only (tsc checks it): the call is never made.
    const skipped = () =>
      // @ts-expect-error: getOrder needs params.id.
      client.callOrThrow(ordersEndpoints.getOrder, {});
    expect(typeof skipped).toBe('function');
  });

  it("calls a row by its address alone (the first load's), sending a form row's fields as a form", async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ access_token: 't', token_type: 'bearer', expires_in: 60 })),
    );
    vi.stubGlobal('fetch', fetch);
    const signIn = client.addressOf<typeof usersEndpoints.signIn>('POST', '/api/users/sign_in');
    const token = await client.callOrThrow(signIn, {
      form: { grant_type: 'password', username: 'a@b.test', password: 'secret' },
    });
    expect(fetch).toHaveBeenCalledWith('/api/users/sign_in', {
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: 'Bearer token-1',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=password&username=a%40b.test&password=secret',
    });
    // A body without a `data` envelope is the answer itself, typed by the row's schema.
    const accessToken: string = token.access_token;
    expect(accessToken).toBe('t');
  });

  it("does not compile an address that is not the row's", () => {
    // Type-level only (tsc checks it).
    // @ts-expect-error: the row's path is /api/users/me.
    const wrong = () => client.addressOf<typeof usersEndpoints.getUsersMe>('GET', '/api/users/mine');
    expect(typeof wrong).toBe('function');
  });
});
