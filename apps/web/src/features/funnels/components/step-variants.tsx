import type { PageBrief, Step } from '@funnelwork/domain';
import { analyticsEndpoints } from '@funnelwork/domain/api/analytics';
import {
  AB_STATE_LABELS,
  formatCount,
  formatPrice,
  SHARES_SUM_MESSAGE,
  sharesTotal,
} from '@funnelwork/domain/rules';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Slider,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconChartBar,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconTrophy,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { callOrThrow } from '../../../shared/api-client.ts';
import { ErrorBox } from '../../../shared/error-box.tsx';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { AppModal } from '../../../shared/popups.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { usePublishPage } from '../../publishing/api.ts';
import { PublishPopup } from '../../publishing/components/publish-popup.tsx';
import { PublishStatusBadge } from '../../publishing/components/publish-status-badge.tsx';
import { useStepTemplates } from '../../templates/api.ts';
import { type FunnelKind, useAddVariant, useSetShares, useSplitAction } from '../api.ts';
import { CopyAddressButton } from './published-address.tsx';

export const SHARE_RANGE_MESSAGE = 'A share is a whole number from 0 to 100';
const shareProblem = (value: number | string) =>
  typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100
    ? SHARE_RANGE_MESSAGE
    : undefined;

/** The letter a variant is known by in the test (A, B, …), by its place among the step's pages. */
export const variantLetter = (index: number) => String.fromCharCode(65 + Math.min(index, 25));

type Props = {
  kind: FunnelKind;
  funnelId: number;
  step: Step;
  /** Pages of an unpublished funnel are drafts for shoppers. */
  live: boolean;
  canEdit: boolean;
  meId: number;
  /** The step's variant URL on the published site (`{variant_url}/{page id}` serves that variant), if any. */
  variantUrl: string | null;
};

/**
 * The step's 'Pages' card: its A/B variants with their shares (numbers and sliders that add up to 100),
 * each one's status, editor, Publish, Pause / Resume and 'Declare winner'; retired variants as history.
 */
export function StepVariantsCard({ kind, funnelId, step, live, canEdit, meId, variantUrl }: Props) {
  const running = step.pages.filter((p) => p.ab_state === 'active');
  const paused = step.pages.filter((p) => p.ab_state === 'paused');
  const history = step.pages.filter((p) => p.ab_state === 'retired');
  const letters = new Map(step.pages.map((p, i) => [p.id, variantLetter(i)]));
  const [adding, setAdding] = useState(false);
  const [winner, setWinner] = useState<PageBrief | null>(null);
  const [publishing, setPublishing] = useState<PageBrief | null>(null);
  const action = useSplitAction(funnelId, step.id);
  const geo = step.ab_type === 'geo';

  const row = (page: PageBrief) => (
    <VariantRow
      key={page.id}
      page={page}
      letter={letters.get(page.id) ?? ''}
      live={live}
      canEdit={canEdit}
      split={step.pages.length > 1}
      editorHref={`/page-editor/wfunnel/${funnelId}/steps/${step.id}/pages/${page.id}/${meId}`}
      address={variantUrl && page.ab_state === 'active' ? `${variantUrl}/${page.id}` : null}
      busy={action.isPending && action.variables?.pageId === page.id}
      onPublish={() => setPublishing(page)}
      onPause={running.length > 1 ? () => action.mutate({ pageId: page.id, action: 'pause' }) : null}
      onResume={() => action.mutate({ pageId: page.id, action: 'resume' })}
      onWinner={running.length + paused.length > 1 ? () => setWinner(page) : null}
    />
  );

  return (
    <Card p={0} data-testid="step-variants">
      <Group justify="space-between" p="md" gap="xs">
        <div>
          <Text fw={650}>Pages</Text>
          <Text size="sm" c="dimmed">
            {geo
              ? 'Visitors get the page of their country.'
              : 'Visitors are split between the running variants by their share and keep theirs on return.'}
          </Text>
        </div>
        <LockedButton
          locked={!canEdit}
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setAdding(true)}
        >
          Add variant
        </LockedButton>
      </Group>
      <Stack gap={0}>{[...running, ...paused].map(row)}</Stack>
      {running.length > 1 && !geo && (
        <SharesEditor
          key={running.map((p) => `${p.id}:${p.ab_percent}`).join(',')}
          funnelId={funnelId}
          step={step}
          running={running}
          letters={letters}
          canEdit={canEdit}
        />
      )}
      {history.length > 0 && (
        <Stack gap={0} data-testid="variant-history">
          <Text size="sm" fw={600} px="md" pt="md">
            History
          </Text>
          <Text size="xs" c="dimmed" px="md">
            Variants that lost to a winner: kept with their numbers, served to no one.
          </Text>
          {history.map(row)}
        </Stack>
      )}
      {step.pages.length > 1 && <SplitStats kind={kind} funnelId={funnelId} step={step} letters={letters} />}

      <AddVariantPopup
        opened={adding}
        onClose={() => setAdding(false)}
        funnelId={funnelId}
        step={step}
        letters={letters}
        defaultShare={running.length === 1 ? 50 : 0}
      />
      <AppModal opened={winner !== null} onClose={() => setWinner(null)} title="Declare the winner" centered>
        <Stack>
          <Text size="sm">
            {winner?.name} gets 100 % of visitors. The other variants are kept as history with their numbers.
          </Text>
          {winner && winner.publish_status === 'draft' && (
            <Text size="sm" c="red">
              Publish this variant before declaring it the winner
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWinner(null)}>
              Cancel
            </Button>
            <Button
              leftSection={<IconTrophy size={16} />}
              loading={action.isPending}
              onClick={() =>
                winner &&
                action.mutate({ pageId: winner.id, action: 'winner' }, { onSuccess: () => setWinner(null) })
              }
            >
              Declare winner
            </Button>
          </Group>
        </Stack>
      </AppModal>
      {publishing && (
        <VariantPublishPopup
          ids={{ funnel: funnelId, step: step.id, page: publishing.id }}
          name={publishing.name}
          onClose={() => setPublishing(null)}
        />
      )}
    </Card>
  );
}

function VariantRow({
  page,
  letter,
  live,
  canEdit,
  split,
  editorHref,
  address,
  busy,
  onPublish,
  onPause,
  onResume,
  onWinner,
}: {
  page: PageBrief;
  letter: string;
  live: boolean;
  canEdit: boolean;
  split: boolean;
  editorHref: string;
  address: string | null;
  busy: boolean;
  onPublish: () => void;
  onPause: (() => void) | null;
  onResume: () => void;
  onWinner: (() => void) | null;
}) {
  const state = page.ab_state;
  return (
    <Paper
      px="md"
      py="sm"
      radius={0}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="variant-row"
      data-page-id={page.id}
      aria-label={`Variant ${letter}: ${page.name}`}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Group gap={6} wrap="wrap">
            {split && (
              <Badge variant="outline" size="sm" radius="sm">
                {letter}
              </Badge>
            )}
            <Text fw={500} truncate>
              {page.name}
            </Text>
            {state !== 'active' && (
              <Badge color={state === 'paused' ? 'yellow' : 'gray'} variant="light" size="xs">
                {AB_STATE_LABELS[state]}
              </Badge>
            )}
            <PublishStatusBadge status={live ? page.publish_status : 'draft'} size="xs" />
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {state === 'active' ? `${page.ab_percent} % of visitors` : '0 % of visitors'}
              {page.ab_geo.length > 0 ? ` · ${page.ab_geo.join(', ')}` : ''}
            </Text>
            {address && <CopyAddressButton value={address} label={`${page.name} variant URL`} />}
          </Group>
        </Stack>
        <Group gap={6} wrap="wrap">
          {canEdit ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEdit size={14} />}
              component={Link}
              to={editorHref}
            >
              Edit page
            </Button>
          ) : (
            <LockedButton locked size="xs" variant="light" leftSection={<IconEdit size={14} />}>
              Edit page
            </LockedButton>
          )}
          {page.publish_status !== 'published' && (
            // Named with its page: the step's own Publish button sits on the same screen.
            <LockedButton
              locked={!canEdit}
              size="xs"
              variant="default"
              onClick={onPublish}
              aria-label={`Publish ${page.name}`}
            >
              Publish
            </LockedButton>
          )}
          {split && state === 'active' && onPause && (
            <LockedButton
              locked={!canEdit}
              size="xs"
              variant="default"
              loading={busy}
              leftSection={<IconPlayerPause size={14} />}
              onClick={onPause}
            >
              Pause
            </LockedButton>
          )}
          {state !== 'active' && (
            <LockedButton
              locked={!canEdit}
              size="xs"
              variant="default"
              loading={busy}
              leftSection={<IconPlayerPlay size={14} />}
              onClick={onResume}
            >
              Resume
            </LockedButton>
          )}
          {split && state !== 'retired' && onWinner && (
            <LockedButton
              locked={!canEdit}
              size="xs"
              variant="light"
              color="teal"
              leftSection={<IconTrophy size={14} />}
              onClick={onWinner}
            >
              Declare winner
            </LockedButton>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** The running variants' shares, each as a number and a slider; saved at once when they add up to 100. */
function SharesEditor({
  funnelId,
  step,
  running,
  letters,
  canEdit,
}: {
  funnelId: number;
  step: Step;
  running: PageBrief[];
  letters: Map<number, string>;
  canEdit: boolean;
}) {
  const save = useSetShares(funnelId, step.id);
  const [shares, setShares] = useState<Record<number, number | string>>(() =>
    Object.fromEntries(running.map((p) => [p.id, p.ab_percent])),
  );
  const changed = running.some((p) => shares[p.id] !== p.ab_percent);
  const problems = running.map((p) => shareProblem(shares[p.id] ?? ''));
  const total = sharesTotal(running.map((p) => ({ ab_percent: Number(shares[p.id]) || 0 })));
  const sumProblem = total !== 100 ? `${SHARES_SUM_MESSAGE} (now ${total} %)` : undefined;
  const serverProblem = fieldError(save.error, 'data.shares') ?? save.error?.message;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (problems.some(Boolean) || sumProblem) return;
        save.mutate(running.map((p) => ({ page_id: p.id, ab_percent: Number(shares[p.id]) })));
      }}
    >
      <Stack gap="xs" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Text size="sm" fw={600}>
          Shares
        </Text>
        {running.map((page, i) => (
          <Group key={page.id} gap="sm" wrap="nowrap" align="flex-start">
            <NumberInput
              label={`Share of ${letters.get(page.id)}: ${page.name}`}
              aria-label={`Share of ${page.name}`}
              suffix=" %"
              min={0}
              max={100}
              allowDecimal={false}
              w={220}
              disabled={!canEdit}
              value={shares[page.id]}
              error={problems[i]}
              onChange={(value) => setShares((s) => ({ ...s, [page.id]: value }))}
            />
            <Slider
              aria-label={`Share slider of ${page.name}`}
              min={0}
              max={100}
              style={{ flex: 1 }}
              mt={34}
              disabled={!canEdit}
              value={Number(shares[page.id]) || 0}
              onChange={(value) => setShares((s) => ({ ...s, [page.id]: value }))}
            />
          </Group>
        ))}
        <Group justify="space-between" wrap="wrap">
          <Text
            size="sm"
            c={sumProblem || serverProblem ? 'red' : 'dimmed'}
            data-testid="shares-total"
            role="status"
          >
            {sumProblem ?? serverProblem ?? 'Total: 100 %'}
          </Text>
          <LockedButton
            locked={!canEdit}
            type="submit"
            size="xs"
            disabled={!changed || Boolean(sumProblem) || problems.some(Boolean)}
            loading={save.isPending}
          >
            Save shares
          </LockedButton>
        </Group>
      </Stack>
    </form>
  );
}

type Source = 'duplicate' | 'template' | 'blank';

function AddVariantPopup({
  opened,
  onClose,
  funnelId,
  step,
  letters,
  defaultShare,
}: {
  opened: boolean;
  onClose: () => void;
  funnelId: number;
  step: Step;
  letters: Map<number, string>;
  defaultShare: number;
}) {
  const add = useAddVariant(funnelId, step.id);
  const [source, setSource] = useState<Source>('duplicate');
  const [pageId, setPageId] = useState<string | null>(String(step.pages[0]?.id ?? ''));
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [share, setShare] = useState<number | string>(defaultShare);
  const [checked, setChecked] = useState(false);
  const templates = useStepTemplates(
    { stepType: step.step_type, query: '' },
    opened && source === 'template',
  );
  const shareError = checked ? shareProblem(share) : undefined;
  const templateError = checked && source === 'template' && !templateId ? 'Choose a template' : undefined;
  const close = () => {
    add.reset();
    setChecked(false);
    onClose();
  };
  return (
    <AppModal opened={opened} onClose={close} title="Add variant" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          if (shareProblem(share) || (source === 'template' && !templateId)) return;
          add.mutate(
            {
              ...(name.trim() ? { name: name.trim() } : {}),
              ab_percent: Number(share),
              ...(source === 'duplicate' && pageId ? { source_page_id: Number(pageId) } : {}),
              ...(source === 'template' && templateId ? { template_id: templateId } : {}),
            },
            { onSuccess: close },
          );
        }}
      >
        <Stack>
          <SegmentedControl
            fullWidth
            value={source}
            onChange={(value) => setSource(value as Source)}
            data={[
              { value: 'duplicate', label: 'Duplicate' },
              { value: 'template', label: 'Template' },
              { value: 'blank', label: 'Blank' },
            ]}
          />
          {source === 'duplicate' && (
            <Select
              label="Page to duplicate"
              value={pageId}
              onChange={setPageId}
              allowDeselect={false}
              data={step.pages.map((p) => ({
                value: String(p.id),
                label: `${letters.get(p.id)}: ${p.name}`,
              }))}
            />
          )}
          {source === 'template' && (
            <Select
              label="Template"
              placeholder={templates.isPending ? 'Loading templates…' : 'Choose a template'}
              searchable
              value={templateId}
              onChange={setTemplateId}
              error={templateError}
              data={(templates.data ?? []).map((t) => ({ value: t.template_id, label: t.name }))}
            />
          )}
          {source === 'blank' && (
            <Text size="sm" c="dimmed">
              An empty page with the default page settings.
            </Text>
          )}
          <TextInput
            label="Name (optional)"
            placeholder={`${step.name} ${variantLetter(step.pages.length)}`}
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError(add.error, 'data.name')}
          />
          <NumberInput
            label="Share of visitors"
            description="The other running variants share the rest of 100 %."
            suffix=" %"
            min={0}
            max={100}
            allowDecimal={false}
            value={share}
            onChange={setShare}
            error={shareError ?? fieldError(add.error, 'data.ab_percent')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add variant
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

function VariantPublishPopup({
  ids,
  name,
  onClose,
}: {
  ids: { funnel: number; step: number; page: number };
  name: string;
  onClose: () => void;
}) {
  const publish = usePublishPage(ids);
  return (
    <PublishPopup
      opened
      what={name}
      busy={publish.isPending}
      onClose={onClose}
      onPublish={(note) => publish.mutate({ note }, { onSuccess: onClose })}
    />
  );
}

/** Each variant's views, conversions and revenue since the start, with the test's verdict. */
function SplitStats({
  kind,
  funnelId,
  step,
  letters,
}: {
  kind: FunnelKind;
  funnelId: number;
  step: Step;
  letters: Map<number, string>;
}) {
  const breakdown = useQuery({
    queryKey: ['analytics', 'performance', funnelId, 'all-time'],
    queryFn: () =>
      callOrThrow(analyticsEndpoints.getFunnelPerformanceBreakdown, { params: { id: funnelId } }),
  });
  const row = breakdown.data?.steps.find((s) => s.step_id === step.id);
  const currency = breakdown.data?.currency_code ?? null;
  const byOrders = row?.variants.some((v) => v.orders > 0) ?? false;
  return (
    <Stack
      gap="xs"
      p="md"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="split-stats"
    >
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" fw={600}>
          Split test results (all time)
        </Text>
        <Anchor component={Link} to={`/${kind}/${funnelId}/analytics?step=${step.id}`} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconChartBar size={14} />
            Open in analytics
          </Group>
        </Anchor>
      </Group>
      {row?.verdict && (
        <Text
          size="sm"
          fw={600}
          c={row.verdict.enough_data ? 'indigo' : 'dimmed'}
          data-testid="split-verdict"
        >
          {row.verdict.text}
        </Text>
      )}
      {/* No figures until they are read: a 0 shown while loading would read as "no views". */}
      {breakdown.isError && <ErrorBox message={breakdown.error.message} />}
      {breakdown.isPending && <Skeleton h={72} data-testid="split-stats-loading" />}
      {/* Four short columns fit a 390 px screen without scrolling: the names wrap. */}
      {breakdown.data && (
        <Table verticalSpacing={4} fz="sm" layout="auto">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Variant</Table.Th>
              <Table.Th ta="right">Views</Table.Th>
              <Table.Th ta="right">{byOrders ? 'Orders' : 'Opt-ins'}</Table.Th>
              <Table.Th ta="right">Revenue</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {step.pages.map((page) => {
              const v = row?.variants.find((x) => x.page_id === page.id);
              return (
                <Table.Tr key={page.id} data-testid="split-stats-row" data-page-id={page.id}>
                  <Table.Td>
                    {letters.get(page.id)}: {page.name}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="split-views">
                    {formatCount(v?.views ?? 0)}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount((byOrders ? v?.orders : v?.optins) ?? 0)}</Table.Td>
                  <Table.Td ta="right">{formatPrice(v?.revenue ?? 0, currency)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
