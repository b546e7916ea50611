import { describe, expect, it, vi } from 'vitest';
import { ApiCallError, createApiClient, requestOf, type Transport } from './client.ts';
import { ordersEndpoints } from './orders.ts';
import { usersEndpoints } from './users.ts';

describe('the Node client of the endpoint table', () => {
  it("sends a row's method and address with its parameters, query and JSON body, and the bearer token", async () => {
    const transport = vi.fn<Transport>(async () => ({
      status: 200,
      text: JSON.stringify({ data: { id: 7, order_id: 3, value: 'Call first' } }),
    }));
    const note = await createApiClient(transport, 'key-1').call(ordersEndpoints.addNoteToOrder, {
      params: { id: 3 },
      body: { data: { value: 'Call first' } },
    });
    expect(transport).toHaveBeenCalledWith({
      method: 'POST',
      url: '/api/orders/3/notes',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: 'Bearer key-1',
      },
      body: JSON.stringify({ data: { value: 'Call first' } }),
    });
    expect(note).toMatchObject({ id: 7 });
  });

  it('answers a paged row whole, and leaves undefined query values out', async () => {
    const body = { data: [], meta: { count: 0, per_page: 25, total_pages: 0 } };
    const transport = vi.fn<Transport>(async () => ({ status: 200, text: JSON.stringify(body) }));
    const page = await createApiClient(transport).page(ordersEndpoints.listOrders, {
      query: { page: 2, query: undefined },
    });
    expect(transport.mock.calls[0]?.[0].url).toBe('/api/orders?page=2');
    expect(page.meta.count).toBe(0);
  });

  it("sends a form row's fields as a form", () => {
    const request = requestOf(usersEndpoints.signIn, {
      form: { grant_type: 'password', username: 'a@b.test', password: 'pw' },
    });
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.body).toBe('grant_type=password&username=a%40b.test&password=pw');
  });

  it('throws the status and code of a refusal', async () => {
    const refusal = { error: { message: 'Order not found', code: 'not_found', status: 404 } };
    const client = createApiClient(async () => ({ status: 404, text: JSON.stringify(refusal) }));
    const failure = await client.call(ordersEndpoints.getOrder, { params: { id: 1 } }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect(failure).toMatchObject({ status: 404, code: 'not_found' });
  });
});
