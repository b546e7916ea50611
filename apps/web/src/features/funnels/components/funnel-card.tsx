import type { FunnelListItem } from '@funnelwork/domain';
import { formatCount, formatPrice, funnelRoute } from '@funnelwork/domain/rules';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconFolder,
  IconPin,
  IconPinFilled,
  IconRestore,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { fromNow } from '../../../shared/relative-time.ts';
import { PublishStatusBadge } from '../../publishing/components/publish-status-badge.tsx';
import { usePinFunnel, useRestoreFunnel } from '../api.ts';
import { funnelKindLabel } from '../funnel-kinds.ts';
import { GeoFunnels } from './geo-funnels.tsx';

type FunnelCardProps = {
  funnel: FunnelListItem;
  access: { funnels: boolean; funnelsFeature: boolean };
  onClone: () => void;
  onDelete: () => void;
  onMove: () => void;
  onSettings: () => void;
};

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} miw={96}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fw={650} size="lg">
        {value}
      </Text>
    </Stack>
  );
}

/** A funnel list entry (spec §2.6): name, update time, stats and pin, clone, delete, restore. */
export function FunnelCard({ funnel, access, onClone, onDelete, onMove, onSettings }: FunnelCardProps) {
  const pin = usePinFunnel();
  const restore = useRestoreFunnel();
  const [pinned, setPinned] = useState(funnel.pinned);
  const deleted = funnel.deleted_at !== null;
  const second = funnel.funnel_type === 1;

  // "the pin call toggles pinned; the local flag flips only when no error came back."
  const togglePin = () =>
    pin.mutate({ id: funnel.id, pinned: !pinned }, { onSuccess: (saved) => setPinned(saved.pinned) });

  return (
    <Card p="lg" data-testid="funnel-entry" aria-label={funnel.name} component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            {deleted ? (
              <Text fw={650} size="lg" truncate>
                {funnel.name}
              </Text>
            ) : (
              <Anchor component={Link} to={funnelRoute(funnel)} fw={650} size="lg" c="dark.8" truncate>
                {funnel.name}
              </Anchor>
            )}
            <Badge size="sm" variant="light" color={second ? 'indigo' : 'gray'}>
              {funnelKindLabel(funnel.funnel_type)}
            </Badge>
            {pinned && !deleted && (
              <Badge size="sm" variant="light" color="yellow" leftSection={<IconPinFilled size={10} />}>
                Pinned
              </Badge>
            )}
          </Group>
          <Group gap={6} wrap="wrap">
            {!deleted && <PublishStatusBadge status={funnel.publish_status} size="xs" />}
            <Text size="sm" c="dimmed">
              {deleted
                ? `Deleted ${fromNow(funnel.deleted_at as string)}`
                : `Updated ${fromNow(funnel.updated_at)}`}
              {' · '}
              {funnel.steps_count === 1 ? '1 step' : `${funnel.steps_count} steps`}
            </Text>
          </Group>
        </Stack>
        <Group gap={6} wrap="nowrap">
          {deleted ? (
            <LockedButton
              locked={!access.funnels}
              size="sm"
              variant="light"
              leftSection={<IconRestore size={16} />}
              loading={restore.isPending}
              onClick={() => restore.mutate(funnel)}
            >
              Restore
            </LockedButton>
          ) : (
            <>
              <Tooltip label={access.funnels ? (pinned ? 'Unpin' : 'Pin') : 'Access denied'}>
                <ActionIcon
                  variant={pinned ? 'light' : 'subtle'}
                  color={pinned ? 'yellow' : 'gray'}
                  size="lg"
                  loading={pin.isPending}
                  aria-label={pinned ? `Unpin ${funnel.name}` : `Pin ${funnel.name}`}
                  aria-pressed={pinned}
                  data-disabled={!access.funnels || undefined}
                  onClick={() => access.funnels && togglePin()}
                >
                  {pinned ? <IconPinFilled size={18} /> : <IconPin size={18} />}
                </ActionIcon>
              </Tooltip>
              <LockedButton
                locked={!access.funnels || !access.funnelsFeature}
                size="sm"
                variant="default"
                leftSection={<IconCopy size={16} />}
                onClick={onClone}
              >
                Clone
              </LockedButton>
              <Tooltip label={access.funnels && access.funnelsFeature ? 'Delete' : 'Access denied'}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Delete ${funnel.name}`}
                  data-disabled={!access.funnels || !access.funnelsFeature || undefined}
                  onClick={() => access.funnels && access.funnelsFeature && onDelete()}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`More for ${funnel.name}`}>
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconSettings size={16} />}
                    disabled={!access.funnels}
                    onClick={onSettings}
                  >
                    Settings
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconFolder size={16} />}
                    disabled={!access.funnels}
                    onClick={onMove}
                  >
                    Move to folder
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          )}
        </Group>
      </Group>
      <Group gap="xl" mt="md">
        <Stat label="Revenue" value={formatPrice(funnel.stats.revenue, funnel.currency_code)} />
        <Stat label="Unique orders" value={formatCount(funnel.stats.orders)} />
        <Stat label="Unique visits" value={formatCount(funnel.stats.visits)} />
        {!deleted && (
          <Button
            component={Link}
            to={funnelRoute(funnel)}
            variant="light"
            size="xs"
            ml="auto"
            style={{ alignSelf: 'center' }}
          >
            Open funnel
          </Button>
        )}
      </Group>
      {second && !deleted && (
        <Card.Section withBorder inheritPadding py="sm" mt="md">
          <GeoFunnels
            funnel={funnel}
            canEdit={access.funnels}
            canCreate={access.funnels && access.funnelsFeature}
          />
        </Card.Section>
      )}
    </Card>
  );
}
