import type { Staff } from '@funnelwork/domain';
import { apiOrThrow } from '../../../shared/api-client.ts';
import { ConfirmDeletePopup } from '../../../shared/confirm-delete-popup.tsx';
import { useApiMutation } from '../../../shared/use-api-mutation.ts';
import { staffKeys } from '../api.ts';
import { staffName } from '../staff-name.ts';

// The staff feature's writes become hooks in its api.ts (issue 14 part B); this one moves there then.
function useDeleteStaff() {
  return useApiMutation({
    mutationFn: (staff: Staff) => apiOrThrow<unknown>('DELETE', `settings/staff/${staff.id}`),
    invalidates: [staffKeys.all],
    success: (_, staff) => `${staffName(staff)} was removed from the team`,
    failure: (error) => error.message,
  });
}

type DeleteStaffPopupProps = { staff: Staff | null; accountName: string; onClose: () => void };

export function DeleteStaffPopup({ staff, accountName, onClose }: DeleteStaffPopupProps) {
  const remove = useDeleteStaff();
  return (
    <ConfirmDeletePopup item={staff} title="Delete staff member" remove={remove} onClose={onClose}>
      {staff && `${staffName(staff)} (${staff.email}) will lose access to ${accountName} at once.`}
    </ConfirmDeletePopup>
  );
}
