import type { Funnel } from '@funnelwork/domain';
import { AppModal } from '../../../shared/popups.tsx';
import { FunnelSettingsForm } from './funnel-settings-form.tsx';

type FunnelSettingsPopupProps = { funnel: Funnel | null; canEdit: boolean; onClose: () => void };

/** The "Funnel settings" popup of the funnel list; the same form as the settings route. */
export function FunnelSettingsPopup({ funnel, canEdit, onClose }: FunnelSettingsPopupProps) {
  return (
    <AppModal opened={funnel !== null} onClose={onClose} title="Funnel settings" size="lg">
      {funnel && (
        <FunnelSettingsForm funnel={funnel} canEdit={canEdit} onSaved={onClose} onCancel={onClose} />
      )}
    </AppModal>
  );
}
