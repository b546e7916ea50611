import type { Discount } from '@funnelwork/domain';
import { ConfirmDeletePopup } from '../../../shared/confirm-delete-popup.tsx';
import { useDeleteDiscount } from '../api.ts';

export function DeleteDiscountPopup({
  discount,
  onClose,
}: {
  discount: Discount | null;
  onClose: () => void;
}) {
  const remove = useDeleteDiscount();
  return (
    <ConfirmDeletePopup item={discount} title="Delete discount" remove={remove} onClose={onClose}>
      Customers will no longer be able to use the code {discount?.code}.
    </ConfirmDeletePopup>
  );
}
