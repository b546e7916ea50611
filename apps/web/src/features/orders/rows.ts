import type { exportsEndpoints } from '@funnelwork/domain/api/exports';
import type { ordersEndpoints } from '@funnelwork/domain/api/orders';
import type { storeEndpoints } from '@funnelwork/domain/api/store';
import { addressOf } from '../../shared/api-client.ts';

type Orders = typeof ordersEndpoints;
type Exports = typeof exportsEndpoints;

/** The orders screen's rows of the endpoint table, by address: the screen's first load imports no zod. */
export const orderRows = {
  listOrders: addressOf<Orders['listOrders']>('GET', '/api/orders'),
  getOrder: addressOf<Orders['getOrder']>('GET', '/api/orders/:id'),
  cancelOrder: addressOf<Orders['cancelOrder']>('PUT', '/api/orders/:id/cancel'),
  refundOrder: addressOf<Orders['refundOrder']>('PUT', '/api/orders/:id/refund'),
  getOrderFulfilment: addressOf<Orders['getOrderFulfilment']>('GET', '/api/orders/:id/fulfillment'),
  fulfilOrder: addressOf<Orders['fulfilOrder']>('POST', '/api/orders/:id/fulfill'),
  addOrChangeOrderTrackingInfo: addressOf<Orders['addOrChangeOrderTrackingInfo']>(
    'PUT',
    '/api/orders/:id/add-tracking-info',
  ),
  archiveOrUnarchiveOrder: addressOf<Orders['archiveOrUnarchiveOrder']>('PUT', '/api/orders/:id/archive'),
  deleteOrder: addressOf<Orders['deleteOrder']>('DELETE', '/api/orders/:id'),
  getOrderTimeline: addressOf<Orders['getOrderTimeline']>('GET', '/api/orders/:id/timeline'),
  retryOrderTimeline: addressOf<Orders['retryOrderTimeline']>(
    'POST',
    '/api/orders/:id/timeline/:eventId/retry',
  ),
  listOrderNotes: addressOf<Orders['listOrderNotes']>('GET', '/api/orders/:id/notes'),
  addNoteToOrder: addressOf<Orders['addNoteToOrder']>('POST', '/api/orders/:id/notes'),
  changeOrderNote: addressOf<Orders['changeOrderNote']>('PUT', '/api/orders/:id/notes/:noteId'),
  deleteOrderNote: addressOf<Orders['deleteOrderNote']>('DELETE', '/api/orders/:id/notes/:noteId'),
  createExport: addressOf<Exports['createExport']>('POST', '/api/exports'),
  getExport: addressOf<Exports['getExport']>('GET', '/api/exports/:id'),
  listProductImages: addressOf<(typeof storeEndpoints)['listProductImages']>('GET', '/api/product-images'),
};
