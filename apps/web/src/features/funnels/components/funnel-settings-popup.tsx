import type { Funnel } from '@funnelwork/domain';
import { Modal } from '@mantine/core';
import { FunnelSettingsForm } from './funnel-settings-form.tsx';

type FunnelSettingsPopupProps = { funnel: Funnel | null; canEdit: boolean; onClose: () => void };

/** The "Funnel settings" popup of the funnel list; the same form as the settings route. */
export function FunnelSettingsPopup({ funnel, canEdit, onClose }: FunnelSettingsPopupProps) {
  return (
    <Modal opened={funnel !== null} onClose={onClose} title="Funnel settings" size="lg">
      {funnel && (
        <FunnelSettingsForm funnel={funnel} canEdit={canEdit} onSaved={onClose} onCancel={onClose} />
      )}
    </Modal>
  );
}
