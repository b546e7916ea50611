import { ConfirmDeletePopup } from '../../../shared/confirm-delete-popup.tsx';
import { useDeleteFunnel } from '../api.ts';

type DeleteFunnelPopupProps = {
  funnel: { id: number; name: string; is_sub_funnel?: boolean } | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/** "Delete funnel" popup: the funnel moves to the archive, where Restore brings it back. */
export function DeleteFunnelPopup({ funnel, onClose, onDeleted }: DeleteFunnelPopupProps) {
  const remove = useDeleteFunnel();
  const geo = funnel?.is_sub_funnel === true;
  return (
    <ConfirmDeletePopup
      item={funnel}
      title={geo ? 'Delete geo-funnel' : 'Delete funnel'}
      remove={remove}
      onClose={onClose}
      onDeleted={onDeleted}
    >
      {geo
        ? `“${funnel?.name}” and its steps will stop being shown to its countries.`
        : `“${funnel?.name}” will be unpublished and moved to the archive, with its geo-funnels. You can restore it from the archive.`}
    </ConfirmDeletePopup>
  );
}
