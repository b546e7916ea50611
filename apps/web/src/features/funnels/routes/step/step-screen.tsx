import {
  migrateDocument,
  NOTHING_TO_SELL,
  pageFacts,
  STEP_GAP_NOTICES,
  sellableProduct,
  sellsNothing,
  stepGap,
} from '@funnelwork/blocks';
import type { Step } from '@funnelwork/domain';
import { stepsEndpoints } from '@funnelwork/domain/api/steps';
import { combinedPublishStatus, formatPrice, stepTypeTitle } from '@funnelwork/domain/rules';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconSettings, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { callOrThrow } from '../../../../shared/api-client.ts';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { useFunnelPublishing } from '../../../publishing/api.ts';
import { PublishStatusBadge } from '../../../publishing/components/publish-status-badge.tsx';
import { StepPublishButton } from '../../../publishing/components/step-publish-button.tsx';
import { usePickerProducts, useStepProducts } from '../../../store/api.ts';
import { ProductSettingsPanel } from '../../../store/components/product-settings-panel.tsx';
import { useFunnelAccess } from '../../access.ts';
import { usePublishState, useSteps } from '../../api.ts';
import { DeleteStepPopup } from '../../components/delete-step-popup.tsx';
import { StepVariantsCard } from '../../components/step-variants.tsx';
import { useFunnelId, useFunnelKind } from '../funnel-layout/funnel-layout.tsx';

/** Shown where a product image cannot load. */
const _BLANK_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

/** One step: its pages (variants) and products. */
export function StepScreen() {
  const kind = useFunnelKind();
  const id = useFunnelId();
  const stepId = Number(useParams().step);
  const access = useFunnelAccess();
  const steps = useSteps(kind, id);
  const products = useStepProducts(stepId);
  const [deleting, setDeleting] = useState(false);
  const step = steps.data?.find((s) => s.id === stepId);
  // Pages of an unpublished funnel are drafts for shoppers, whatever they last published.
  const live = useFunnelPublishing(id).data?.live ?? false;
  const publishState = usePublishState(id);
  const base = `/${kind}/${id}/steps/${stepId}`;

  if (steps.isPending) return <Skeleton h={300} radius="lg" />;
  if (!step)
    return (
      <ErrorBox
        message="This step does not exist any more."
        back={{ to: `/${kind}/${id}/steps`, label: 'Back to the steps' }}
      />
    );

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Group gap="xs">
            <Title order={1} fz={26}>
              {step.name}
            </Title>
            <Badge variant="light">{stepTypeTitle(step.step_type)}</Badge>
            <PublishStatusBadge
              status={combinedPublishStatus(
                step.pages.map((p) => p.publish_status),
                live,
              )}
            />
          </Group>
          <Text size="sm" c="dimmed">
            /{step.url}
            {step.url2 ? ` · variant /${step.url2}` : ''}
          </Text>
        </div>
        <Group>
          <StepPublishButton funnelId={id} stepId={step.id} canEdit={access.editor} />
          <Button
            variant="default"
            component={Link}
            to={`${base}/settings`}
            leftSection={<IconSettings size={16} />}
          >
            Step settings
          </Button>
          <LockedButton
            locked={!access.editor}
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
          >
            Delete step
          </LockedButton>
        </Group>
      </Group>

      {products.data?.length === 0 && <NothingToSellWarning funnelId={id} step={step} />}
      {products.data && (
        <StepGapWarning funnelId={id} step={step} stepHasProducts={products.data.length > 0} />
      )}

      <StepVariantsCard
        kind={kind}
        funnelId={id}
        step={step}
        live={live}
        canEdit={access.editor}
        meId={access.me.id}
        variantUrl={publishState.data?.steps.find((s) => s.id === step.id)?.variant_url ?? null}
      />

      <Card p={0}>
        <Group justify="space-between" p="md">
          <Text fw={650}>Products</Text>
          {access.funnels ? (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} />}
              component={Link}
              to={`${base}/product/new`}
            >
              Add product
            </Button>
          ) : (
            <LockedButton locked size="xs" leftSection={<IconPlus size={14} />}>
              Add product
            </LockedButton>
          )}
        </Group>
        {products.data?.length === 0 && (
          <Text size="sm" c="dimmed" px="md" pb="md">
            No products on this step yet.
          </Text>
        )}
        {products.data && products.data.length > 0 && (
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Tbody>
              {products.data.map((product) => (
                <Table.Tr key={product.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      {product.images[0] && (
                        <img
                          src={product.images[0]}
                          alt=""
                          width={36}
                          height={36}
                          style={{ objectFit: 'cover', borderRadius: 6 }}
                        />
                      )}
                      <Anchor component={Link} to={`${base}/product/${product.id}`} fw={500}>
                        {product.name}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatPrice(product.price, product.currency)}
                    {product.recurring_interval ? ` / ${product.recurring_interval}` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <DeleteStepPopup
        kind={kind}
        funnelId={id}
        step={deleting ? step : null}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

/**
 * The merchant's warning on a step whose pages take payments with nothing to sell: no product on the
 * step and no product list naming one of the account's products (shown only while the step has none).
 */
function NothingToSellWarning({ funnelId, step }: { funnelId: number; step: Step }) {
  const documents = useQuery({
    queryKey: ['step-page-documents', step.id, step.pages.map((page) => page.id).join(',')],
    queryFn: () =>
      Promise.all(
        step.pages.map((page) =>
          callOrThrow(stepsEndpoints.getWfunnelStepPage, {
            params: { id: funnelId, stepId: step.id, pageId: page.id },
          }),
        ),
      ),
  });
  const account = usePickerProducts();
  if (!documents.data || !account.data) return null;
  const named = new Map(account.data.data.map((p) => [p.id, sellableProduct(p, [])]));
  const empty = documents.data.some((page) => {
    if (page.config === null) return false;
    try {
      return sellsNothing(migrateDocument(page.config, { kind: 'page' }), { named, step: [] });
    } catch {
      return false;
    }
  });
  if (!empty) return null;
  return (
    <Alert color="yellow" title="Nothing to sell" data-testid="nothing-to-sell">
      {NOTHING_TO_SELL}
    </Alert>
  );
}

/**
 * The merchant's warning on a step shoppers skip (stepGap): its pages have no blocks, or an upsell or
 * downsell has nothing to sell. A checkout's own warning is 'Nothing to sell' above.
 */
function StepGapWarning({
  funnelId,
  step,
  stepHasProducts,
}: {
  funnelId: number;
  step: Step;
  stepHasProducts: boolean;
}) {
  const documents = useQuery({
    queryKey: ['step-page-documents', step.id, step.pages.map((page) => page.id).join(',')],
    queryFn: () =>
      Promise.all(
        step.pages.map((page) =>
          callOrThrow(stepsEndpoints.getWfunnelStepPage, {
            params: { id: funnelId, stepId: step.id, pageId: page.id },
          }),
        ),
      ),
  });
  const account = usePickerProducts();
  if (!documents.data || !account.data) return null;
  const ids = new Set(account.data.data.map((product) => product.id));
  const gap = stepGap(
    step.step_type,
    documents.data.map((page) => pageFacts(page.config)),
    { stepHasProducts, exists: (id) => ids.has(id) },
  );
  if (!gap) return null;
  const notice = STEP_GAP_NOTICES[gap];
  return (
    <Alert color="yellow" title={notice.title} data-testid="step-gap">
      {notice.message}
    </Alert>
  );
}

/** steps/{step}/product/{productId}: the step with the product side panel over it. */
export function StepProductScreen() {
  const kind = useFunnelKind();
  const id = useFunnelId();
  const params = useParams();
  const navigate = useNavigate();
  const stepId = Number(params.step);
  const base = `/${kind}/${id}/steps/${stepId}`;
  return (
    <>
      <StepScreen />
      <ProductSettingsPanel
        funnelId={id}
        stepId={stepId}
        productId={params.productId === 'new' ? null : Number(params.productId)}
        onClose={() => navigate(base)}
        onCreated={(productId) => navigate(`${base}/product/${productId}`, { replace: true })}
      />
    </>
  );
}
