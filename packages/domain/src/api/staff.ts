import { z } from 'zod';
import {
  createStaffBodySchema,
  dataAnswer,
  idParamsSchema,
  okAnswerSchema,
  staffSchema,
  updateStaffBodySchema,
} from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const staffEndpoints = {
  getSettingsStaff: {
    method: 'GET',
    path: '/api/settings/staff',
    answer: dataAnswer(z.array(staffSchema)),
    access: { permission: 'admin' },
    summary: 'Get settings staff',
    tag: 'staff',
  },
  getStaffMe: {
    method: 'GET',
    path: '/api/staff/me',
    answer: dataAnswer(staffSchema),
    summary: 'Get staff me',
    tag: 'staff',
  },
  getSettingsStaffById: {
    method: 'GET',
    path: '/api/settings/staff/:id',
    params: idParamsSchema,
    answer: dataAnswer(staffSchema),
    access: { permission: 'admin' },
    summary: 'Get settings staff',
    tag: 'staff',
  },
  createSettingsStaff: {
    method: 'POST',
    path: '/api/settings/staff',
    body: createStaffBodySchema,
    answer: dataAnswer(staffSchema),
    status: 201,
    access: { permission: 'admin' },
    summary: 'Create settings staff',
    tag: 'staff',
  },
  updateSettingsStaff: {
    method: 'PATCH',
    path: '/api/settings/staff/:id',
    params: idParamsSchema,
    body: updateStaffBodySchema,
    answer: dataAnswer(staffSchema),
    access: { permission: 'admin' },
    summary: 'Update settings staff',
    tag: 'staff',
  },
  deleteSettingsStaff: {
    method: 'DELETE',
    path: '/api/settings/staff/:id',
    params: idParamsSchema,
    answer: okAnswerSchema,
    access: { permission: 'admin' },
    summary: 'Delete settings staff',
    tag: 'staff',
  },
} as const satisfies EndpointTable;
