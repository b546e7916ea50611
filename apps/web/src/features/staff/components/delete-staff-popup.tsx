import type { Staff } from '@funnelwork/domain';
import { ConfirmDeletePopup } from '../../../shared/confirm-delete-popup.tsx';
import { useDeleteStaff } from '../api.ts';
import { staffName } from '../staff-name.ts';

type DeleteStaffPopupProps = { staff: Staff | null; accountName: string; onClose: () => void };

export function DeleteStaffPopup({ staff, accountName, onClose }: DeleteStaffPopupProps) {
  const remove = useDeleteStaff();
  return (
    <ConfirmDeletePopup item={staff} title="Delete staff member" remove={remove} onClose={onClose}>
      {staff && `${staffName(staff)} (${staff.email}) will lose access to ${accountName} at once.`}
    </ConfirmDeletePopup>
  );
}
