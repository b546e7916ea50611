import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { InfoMessage } from '../../../../shared/info-message.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { useFunnelAccess } from '../../access.ts';
import { useFunnel } from '../../api.ts';
import { DeleteFunnelPopup } from '../../components/delete-funnel-popup.tsx';
import { FunnelSettingsForm } from '../../components/funnel-settings-form.tsx';
import { TrackingCodesCard } from '../../components/tracking-codes-card.tsx';
import { useFunnelId } from '../funnel-layout/funnel-layout.tsx';

/** /funnel/{id}/settings and /wfunnel/{id}/settings. */
export function FunnelSettingsScreen() {
  const id = useFunnelId();
  const access = useFunnelAccess();
  const funnel = useFunnel(id);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  if (!funnel.data) return <Skeleton h={400} radius="lg" />;
  return (
    <Stack maw={720} gap="lg">
      <Title order={1} fz={26}>
        Funnel settings
      </Title>
      {!access.funnels && (
        <InfoMessage>You need the funnels permission to change these settings.</InfoMessage>
      )}
      <Card>
        <FunnelSettingsForm key={funnel.data.updated_at} funnel={funnel.data} canEdit={access.funnels} />
      </Card>
      <TrackingCodesCard funnelId={id} canEdit={access.funnels} />
      <Card style={{ borderColor: 'var(--mantine-color-red-3)' }}>
        <Group justify="space-between">
          <div>
            <Text fw={650}>Delete funnel</Text>
            <Text size="sm" c="dimmed">
              It moves to the archive, where you can restore it.
            </Text>
          </div>
          <LockedButton
            locked={!access.funnels || !access.funnelsFeature}
            color="red"
            variant="light"
            onClick={() => setDeleting(true)}
          >
            Delete funnel
          </LockedButton>
        </Group>
      </Card>
      <DeleteFunnelPopup
        funnel={deleting ? funnel.data : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate('/funnels')}
      />
    </Stack>
  );
}
