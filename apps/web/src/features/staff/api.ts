import type { PermissionsInput, Staff } from '@funnelwork/domain';
import { staffEndpoints } from '@funnelwork/domain/api/staff';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow, type SentDataOf } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';
import { staffName } from './staff-name.ts';

export const staffKeys = {
  all: ['settings', 'staff'] as const,
  one: (id: number) => ['settings', 'staff', id] as const,
};

export function useStaffList(enabled = true) {
  return useQuery({
    queryKey: staffKeys.all,
    queryFn: () => callOrThrow(staffEndpoints.getSettingsStaff),
    enabled,
  });
}

export function useStaffMember(id: number) {
  return useQuery({
    queryKey: staffKeys.one(id),
    queryFn: () => callOrThrow(staffEndpoints.getSettingsStaffById, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export type NewStaff = SentDataOf<typeof staffEndpoints.createSettingsStaff>;

/** Invites a person; a failure that names a field (the e-mail) shows beside it, any other is a notice. */
export function useInviteStaff() {
  return useApiMutation({
    mutationFn: (data: NewStaff) => callOrThrow(staffEndpoints.createSettingsStaff, { body: { data } }),
    invalidates: [staffKeys.all],
    success: (_, data) => `Invitation sent to ${data.email}`,
  });
}

export function useUpdateStaffPermissions(id: number, name: string) {
  return useApiMutation({
    mutationFn: (permissions: PermissionsInput) =>
      callOrThrow(staffEndpoints.updateSettingsStaff, { params: { id }, body: { data: { permissions } } }),
    invalidates: [staffKeys.all],
    success: () => `The permissions of ${name} were saved`,
    failure: (error) => error.message,
  });
}

export function useDeleteStaff() {
  return useApiMutation({
    mutationFn: (staff: Staff) =>
      callOrThrow(staffEndpoints.deleteSettingsStaff, { params: { id: staff.id } }),
    invalidates: [staffKeys.all],
    success: (_, staff) => `${staffName(staff)} was removed from the team`,
    failure: (error) => error.message,
  });
}
