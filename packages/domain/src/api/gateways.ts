import { idParamsSchema, okAnswerSchema } from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const gatewaysEndpoints = {
  listGateways: {
    method: 'GET',
    path: '/api/gateways',
    summary: 'List gateways',
    tag: 'payment gateways',
  },
  listPaymentMethodGroups: {
    method: 'GET',
    path: '/api/payment-method-groups',
    summary: 'List payment method groups',
    tag: 'payment gateways',
  },
  listUserGateways: {
    method: 'GET',
    path: '/api/user-gateways',
    summary: 'List user gateways',
    tag: 'payment gateways',
  },
  getUserGateway: {
    method: 'GET',
    path: '/api/user-gateways/:id',
    params: idParamsSchema,
    summary: 'Get user gateway',
    tag: 'payment gateways',
  },
  connectGateway: {
    method: 'POST',
    path: '/api/gateways/:gatewayId/connect',
    access: { permission: 'admin' },
    summary: 'Connect gateway',
    tag: 'payment gateways',
    description:
      'Connects catalogue gateway {gatewayId} with its credentials (checked with the gateway first), or replaces the credentials of the one already set up.',
  },
  createGatewayDisconnect: {
    method: 'POST',
    path: '/api/gateways/:gatewayId/disconnect/:userGatewayId',
    access: { permission: 'admin' },
    summary: 'Create gateway disconnect',
    tag: 'payment gateways',
    description:
      'Forgets the credentials of user gateway {userGatewayId} (of catalogue gateway {gatewayId}).',
  },
  createUserGateway: {
    method: 'POST',
    path: '/api/user-gateways',
    status: 201,
    access: { permission: 'admin' },
    summary: 'Create user gateway',
    tag: 'payment gateways',
  },
  updateUserGateway: {
    method: 'PATCH',
    path: '/api/user-gateways/:id',
    params: idParamsSchema,
    access: { permission: 'admin' },
    summary: 'Update user gateway',
    tag: 'payment gateways',
  },
  deleteUserGateway: {
    method: 'DELETE',
    path: '/api/user-gateways/:id',
    params: idParamsSchema,
    answer: okAnswerSchema,
    access: { permission: 'admin' },
    summary: 'Delete user gateway',
    tag: 'payment gateways',
  },
} as const satisfies EndpointTable;
