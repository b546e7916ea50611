import type { PermissionsInput, Staff } from '@funnelwork/domain';
import { useQuery } from '@tanstack/react-query';
import { api, apiOrThrow } from '../../shared/api-client.ts';

export const staffKeys = {
  all: ['settings', 'staff'] as const,
  one: (id: number) => ['settings', 'staff', id] as const,
};

export function useStaffList(enabled = true) {
  return useQuery({
    queryKey: staffKeys.all,
    queryFn: () => apiOrThrow<Staff[]>('GET', 'settings/staff'),
    enabled,
  });
}

export function useStaffMember(id: number) {
  return useQuery({
    queryKey: staffKeys.one(id),
    queryFn: () => apiOrThrow<Staff>('GET', `settings/staff/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export type NewStaff = {
  email: string;
  first_name: string;
  last_name: string;
  permissions: PermissionsInput;
};

export function createStaff(data: NewStaff) {
  return api<Staff>('POST', 'settings/staff', { body: { data } });
}

export function updateStaff(id: number, permissions: PermissionsInput) {
  return api<Staff>('PATCH', `settings/staff/${id}`, { body: { data: { permissions } } });
}

export function deleteStaff(id: number) {
  return api<unknown>('DELETE', `settings/staff/${id}`);
}
