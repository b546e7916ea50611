import {
  createExportBodySchema,
  downloadExportBodySchema,
  exportJobAnswerSchema,
  idParamsSchema,
} from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const exportsEndpoints = {
  createExport: {
    method: 'POST',
    path: '/api/exports',
    body: createExportBodySchema,
    answer: exportJobAnswerSchema,
    status: 201,
    access: { permission: 'orders' },
    summary: 'Create export',
    tag: 'orders export',
    description:
      "Starts an export of the account's (or one funnel's) orders: params {exportType 'all' | 'by_date', rangeStart, rangeEnd} in unix seconds. The file is kept 7 days.",
  },
  getExport: {
    method: 'GET',
    path: '/api/exports/:id',
    params: idParamsSchema,
    answer: exportJobAnswerSchema,
    access: { permission: 'orders' },
    summary: 'Get export',
    tag: 'orders export',
  },
  createDownloadExport: {
    method: 'POST',
    path: '/api/download-export',
    body: downloadExportBodySchema,
    access: { permission: 'orders' },
    summary: 'Create download export',
    tag: 'orders export',
    description: 'The finished export as a CSV attachment named export.csv; counts the download.',
  },
} as const satisfies EndpointTable;
