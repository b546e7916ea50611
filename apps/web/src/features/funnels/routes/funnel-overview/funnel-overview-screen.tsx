import { funnelsEndpoints } from '@funnelwork/domain/api/funnels';
import { formatCount, formatPrice } from '@funnelwork/domain/rules';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  CopyButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { callOrThrow } from '../../../../shared/api-client.ts';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { useFunnelPublishing } from '../../../publishing/api.ts';
import { FunnelPublishActions } from '../../../publishing/components/funnel-publish-actions.tsx';
import { useFunnelAccess } from '../../access.ts';
import {
  useFunnel,
  useFunnelProducts,
  usePublishState,
  useShareFunnel,
  useSteps,
  useStopSharing,
} from '../../api.ts';
import {
  CopyAddressButton,
  OpenPageLink,
  PreviewLink,
  PublishedAddress,
} from '../../components/published-address.tsx';
import { useFunnelId, useFunnelKind } from '../funnel-layout/funnel-layout.tsx';

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Card>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
        {label}
      </Text>
      <Text fz={28} fw={700} mt={4}>
        {value}
      </Text>
    </Card>
  );
}

/** /funnel/{id}/overview and /wfunnel/{id}/overview. */
export function FunnelOverviewScreen() {
  const kind = useFunnelKind();
  const id = useFunnelId();
  const access = useFunnelAccess();
  const funnel = useFunnel(id);
  const steps = useSteps(kind, id);
  const products = useFunnelProducts(kind, id);
  const publish = usePublishState(id);
  const publishing = useFunnelPublishing(id);
  const stats = useQuery({
    queryKey: ['funnel-stats', id],
    queryFn: async () =>
      (await callOrThrow(funnelsEndpoints.listFunnelStats, { query: { funnel_id: id } }))[0],
  });

  if (!funnel.data) return <Skeleton h={300} radius="lg" />;
  const f = funnel.data;
  const firstStep = steps.data?.[0];
  const stepAddress = new Map(publish.data?.steps.map((s) => [s.id, s]));

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        {/* At most the screen's width: a long address truncates instead of widening the page (390 px). */}
        <div style={{ minWidth: 0, maxWidth: '100%' }}>
          <Title order={1} fz={26}>
            {f.name}
          </Title>
          {publish.data && (
            <PublishedAddress
              address={publish.data}
              label="funnel"
              status={publishing.data?.status}
              actions={
                publishing.data && (
                  <FunnelPublishActions funnelId={id} live={publishing.data.live} canEdit={access.editor} />
                )
              }
            />
          )}
        </div>
        <Group>
          {access.funnels ? (
            <Button variant="default" component={Link} to={`/${kind}/${id}/settings`}>
              Settings
            </Button>
          ) : (
            <LockedButton locked variant="default">
              Settings
            </LockedButton>
          )}
          {firstStep && (
            <Button component={Link} to={`/${kind}/${id}/steps/${firstStep.id}`}>
              Edit steps
            </Button>
          )}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard label="Revenue" value={formatPrice(stats.data?.revenue ?? 0, f.currency_code)} />
        <StatCard label="Unique orders" value={formatCount(stats.data?.orders ?? 0)} />
        <StatCard label="Unique visits" value={formatCount(stats.data?.visits ?? 0)} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card>
          <Text fw={650} mb="sm">
            Steps
          </Text>
          {steps.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              No steps have been added yet
            </Text>
          )}
          <Stack gap={6}>
            {steps.data?.map((step, i) => {
              const address = stepAddress.get(step.id);
              return (
                <Group key={step.id} justify="space-between" wrap="nowrap" data-testid="overview-step">
                  <Anchor component={Link} to={`/${kind}/${id}/steps/${step.id}`} size="sm" truncate>
                    {i + 1}. {step.name}{' '}
                    <Text span c="dimmed">
                      /{step.url}
                    </Text>
                  </Anchor>
                  {address?.live_url && (
                    <Group gap={2} wrap="nowrap">
                      <CopyAddressButton value={address.live_url} label={`${step.name} address`} />
                      <OpenPageLink href={address.live_url} label={step.name} />
                      {address.preview_url && (
                        <PreviewLink href={address.preview_url} label={step.name} compact />
                      )}
                    </Group>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Card>
        <Card>
          <Text fw={650} mb="sm">
            Products
          </Text>
          {products.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              No products yet. Add them on a checkout or upsell step.
            </Text>
          )}
          <Stack gap={6}>
            {products.data?.map((product) => (
              <Group key={product.id} justify="space-between">
                <Text size="sm">{product.name}</Text>
                <Text size="sm" fw={600}>
                  {formatPrice(product.price, product.currency)}
                  {product.recurring_interval ? ` / ${product.recurring_interval}` : ''}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>

      {kind === 'wfunnel' && !f.is_sub_funnel && (
        <ShareCard funnelId={id} shareCode={f.share_code} canEdit={access.funnels} />
      )}
    </Stack>
  );
}

function ShareCard({
  funnelId,
  shareCode,
  canEdit,
}: {
  funnelId: number;
  shareCode: string | null;
  canEdit: boolean;
}) {
  const shareFunnel = useShareFunnel(funnelId);
  const stopSharing = useStopSharing(funnelId);
  const [link, setLink] = useState<string | null>(
    shareCode ? `${window.location.origin}/share?funnel=${funnelId}&code=${shareCode}` : null,
  );
  const busy = shareFunnel.isPending || stopSharing.isPending;
  const share = () => shareFunnel.mutate(undefined, { onSuccess: (shared) => setLink(shared.share_url) });
  const stop = () => stopSharing.mutate(undefined, { onSuccess: () => setLink(null) });

  return (
    <Card>
      <Group justify="space-between" mb="xs">
        <div>
          <Text fw={650}>Share this funnel</Text>
          <Text size="sm" c="dimmed">
            Anyone with the link can copy this funnel into their own Funnelwork account.
          </Text>
        </div>
        {link ? (
          <LockedButton locked={!canEdit} variant="default" color="red" loading={busy} onClick={stop}>
            Stop sharing
          </LockedButton>
        ) : (
          <LockedButton
            locked={!canEdit}
            leftSection={<IconShare size={16} />}
            loading={busy}
            onClick={share}
          >
            Create share link
          </LockedButton>
        )}
      </Group>
      {link && (
        <TextInput
          readOnly
          aria-label="Share link"
          value={link}
          rightSection={
            <CopyButton value={link} timeout={1500}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy'}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label="Copy share link"
                  >
                    {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
      )}
    </Card>
  );
}
