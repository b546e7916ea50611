import type { Discount } from '@funnelwork/domain';
import { apiOrThrow } from '../../../shared/api-client.ts';
import { ConfirmDeletePopup } from '../../../shared/confirm-delete-popup.tsx';
import { useApiMutation } from '../../../shared/use-api-mutation.ts';
import { discountKeys } from '../api.ts';

// The store feature's writes become hooks in its api.ts (issue 14 part B); this one moves there then.
function useDeleteDiscount() {
  return useApiMutation({
    mutationFn: (discount: Discount) => apiOrThrow<unknown>('DELETE', `store/discounts/${discount.id}`),
    invalidates: [discountKeys.all],
    success: (_, discount) => `Discount ${discount.code} was deleted`,
    failure: (error) => error.message,
  });
}

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
