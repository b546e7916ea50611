/**
 * Summaries of the operations developer apps call, keyed by 'METHOD path' as the OpenAPI document
 * writes it; every other operation's summary is derived from its method and path (openapi.ts).
 */
export const API_SUMMARIES: Record<string, string> = {
  'GET /api/funnels': 'List funnels',
  'GET /api/funnels/{id}': 'Get a funnel',
  'GET /api/orders': 'List orders',
  'GET /api/orders/{id}': 'Get an order',
  'PUT /api/orders/{id}/cancel': 'Cancel an order',
  'PUT /api/orders/{id}/refund': 'Refund an order',
  'GET /api/orders/{id}/fulfillment': "Get an order's fulfilment",
  'POST /api/orders/{id}/fulfill': 'Fulfil an order',
  'PUT /api/orders/{id}/add-tracking-info': "Add or change an order's tracking info",
  'PUT /api/orders/{id}/archive': 'Archive or unarchive an order',
  'GET /api/orders/{id}/timeline': "Get an order's timeline",
  'GET /api/orders/{id}/notes': "List an order's notes",
  'POST /api/orders/{id}/notes': 'Add a note to an order',
  'PUT /api/orders/{id}/notes/{noteId}': 'Change an order note',
  'DELETE /api/orders/{id}/notes/{noteId}': 'Delete an order note',
  'GET /api/customer-briefs': 'List customers in brief',
  'GET /api/customers/{id}': 'Get a customer',
  'GET /api/customers/{id}/orders': "List a customer's orders",
  'GET /api/hooks': 'List REST hook subscriptions',
  'POST /api/hooks': 'Subscribe to an event (REST hook)',
  'DELETE /api/hooks/{id}': 'Unsubscribe a REST hook',
};
