import type { Automation, AutomationStep, StepPath } from '@funnelwork/domain';
import {
  TRIGGER_QTY_LABEL,
  TRIGGER_QTY_MAX,
  triggerBuysProducts,
  triggerQtyError,
} from '@funnelwork/domain/automations/rules';
import {
  countSteps,
  insertStep,
  moveStep,
  removeStep,
  replaceStep,
  sameSteps,
  stepListAt,
} from '@funnelwork/domain/automations/step-tree';
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Skeleton,
  Stack,
  Tabs,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDeletePopup } from '../../../../shared/confirm-delete-popup.tsx';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { AppModal } from '../../../../shared/popups.tsx';
import { UnsavedChangesModal, useUnsavedChangesGuard } from '../../../../shared/unsaved-changes.tsx';
import { useFunnelPage, useSteps } from '../../../funnels/api.ts';
import { usePickerProducts } from '../../../store/api.ts';
import { useAutomationsAccess } from '../../access.ts';
import {
  type AutomationTrigger,
  useActivateAutomation,
  useArchiveAutomation,
  useAutomation,
  useAutomationEmailStats,
  useDeactivateAutomation,
  useDeleteAutomation,
  useEmailTemplates,
  useSaveAutomation,
} from '../../api.ts';
import { IntegrationActionPopup } from '../../components/integration-action-popup.tsx';
import { RunHistory } from '../../components/run-history.tsx';
import { KIND_LABELS, StepFlow, type StepKind, stepKind } from '../../components/step-flow.tsx';
import {
  AddActionPopup,
  AddWaitPopup,
  ConditionPopup,
  EndAutomationPopup,
  SendSmsPopup,
} from '../../components/step-popups.tsx';
import { stepEmailStats } from '../../email-stats.ts';
import { STATUS_COLORS, triggerLabel } from '../../labels.ts';
import { stepMovedAnnouncement } from '../../step-moves.ts';

/** The open step popup: a new step at a place, or the step at a path being edited. */
type Editing = { kind: StepKind; path: StepPath; step?: AutomationStep };

/**
 * /automations/{id} (and the funnel forms of it): the trigger, then the steps top to bottom with "+"
 * between them; Save writes the steps as a new version (runs in flight keep theirs); Activate,
 * Deactivate, Archive, Delete; the run history in its own tab (?tab=runs).
 */
export function AutomationWorkflowScreen() {
  const params = useParams();
  const id = Number(params.automation ?? params.id);
  const funnelRoute = params.automation !== undefined;
  const automation = useAutomation(id);
  const { canWrite } = useAutomationsAccess();

  if (funnelRoute && !canWrite) {
    // "funnel automations are locked without automations permission."
    return (
      <Box p="xl" maw={720} mx="auto">
        <ErrorBox title="Access denied" message="Funnel automations need the automations permission." />
      </Box>
    );
  }
  if (automation.isError) {
    return (
      <Box p="xl" maw={720} mx="auto">
        <ErrorBox
          title="Unable to load the automation"
          message={automation.error.message}
          back={{ to: '/automations', label: 'Back to automations' }}
        />
      </Box>
    );
  }
  if (!automation.data) return <Skeleton m="xl" h={300} />;
  return <Workflow key={automation.data.id} automation={automation.data} />;
}

function Workflow({ automation }: { automation: Automation }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'runs' ? 'runs' : 'workflow';
  const { me, canWrite } = useAutomationsAccess();
  const saved = automation.steps as AutomationStep[];
  const [steps, setSteps] = useState<AutomationStep[]>(saved);
  const [trigger, setTrigger] = useState<AutomationTrigger>(automation.trigger);
  const [editing, setEditing] = useState<Editing | null>(null);
  // A saved version (ours or another tab's) becomes the draft. The screen stays mounted, so a write's
  // follow-up (activate after save, leave after save) still runs.
  const [seenVersion, setSeenVersion] = useState(automation.version);
  if (seenVersion !== automation.version) {
    setSeenVersion(automation.version);
    setSteps(saved);
    setTrigger(automation.trigger);
  }
  const [activating, setActivating] = useState(false);
  const [deleting, setDeleting] = useState<Automation | null>(null);
  // The live region's words after Move up or Move down.
  const [moveSaid, setMoveSaid] = useState('');
  // Step cards are keyed by position, so the focused arrow would stay behind on the step that took the
  // moved one's place: the focus follows the moved step, to the other arrow where this one is disabled.
  const [movedTo, setMovedTo] = useState<{ path: StepPath; delta: -1 | 1 } | null>(null);
  useEffect(() => {
    if (!movedTo) return;
    const arrow = (delta: number) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${movedTo.path.join('/')}:${delta}"]:enabled`);
    (arrow(movedTo.delta) ?? arrow(-movedTo.delta))?.focus();
  }, [movedTo]);
  const dirty = !sameSteps(steps, saved) || JSON.stringify(trigger) !== JSON.stringify(automation.trigger);
  const qtyError = triggerQtyError(trigger.id, trigger.qty);

  const save = useSaveAutomation(automation.id);
  const activate = useActivateAutomation();
  const deactivate = useDeactivateAutomation();
  const archive = useArchiveAutomation();
  const remove = useDeleteAutomation();
  const templates = useEmailTemplates(me.id);
  const emailStats = useAutomationEmailStats(automation.id);
  const funnels = useFunnelPage(false, { page: 1, folderId: null, query: '' });
  const funnelOptions = [
    ...(funnels.data?.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
    ...trigger.funnel_ids
      .filter((fid) => !funnels.data?.data.some((f) => f.id === fid))
      .map((fid) => ({ value: String(fid), label: `Funnel ${fid}` })),
  ];
  // Steps are picked within one funnel: the automation's own, or the one funnel it is limited to.
  const stepsFunnelId = automation.funnel_id ?? (trigger.funnel_ids.length === 1 ? trigger.funnel_ids[0] : 0);
  const funnelSteps = useSteps('funnel', stepsFunnelId ?? 0);
  const stepIds = trigger.step_ids;
  const stepOptions = [
    ...(stepsFunnelId ? (funnelSteps.data ?? []) : []).map((s) => ({ value: String(s.id), label: s.name })),
    ...stepIds
      .filter((sid) => !(stepsFunnelId && funnelSteps.data?.some((s) => s.id === sid)))
      .map((sid) => ({ value: String(sid), label: `Step ${sid}` })),
  ];
  const products = usePickerProducts();
  // A limit to a product beyond the picker's page still shows, by its id.
  const productOptions = [
    ...(products.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    ...trigger.product_ids
      .filter((pid) => !products.data?.data.some((p) => p.id === pid))
      .map((pid) => ({ value: String(pid), label: `Product ${pid}` })),
  ];
  const templateName = (templateId: number) =>
    templates.data?.find((t) => t.id === templateId)?.name ?? `Template ${templateId}`;
  const editorPath = (templateId: number) =>
    automation.funnel_id === null
      ? `/email-editor/global/${automation.id}/${me.id}/${templateId}`
      : `/email-editor/funnel/${automation.funnel_id}/${automation.id}/${me.id}/${templateId}`;

  // Leaving with unsaved steps or trigger: the browser's warning, and 'Save changes?' on any navigation
  // in the app that leaves this workflow (switching its tabs stays), as the e-mail editor does.
  const { pathname } = useLocation();
  // The e-mail editor opened from a step, after the workflow was saved for it: not a leave to warn about.
  const openingEditor = useRef<string | null>(null);
  const blocker = useUnsavedChangesGuard(
    dirty,
    (next) => next.pathname === pathname || next.pathname === openingEditor.current,
  );

  const put = (step: AutomationStep) => {
    if (!editing) return;
    setSteps((tree) =>
      editing.step ? replaceStep(tree, editing.path, step) : insertStep(tree, editing.path, step),
    );
    setEditing(null);
  };
  const saveNow = (then?: () => void) => save.mutate({ steps, trigger }, { onSuccess: () => then?.() });
  /**
   * "Open in the e-mail editor" from a Send e-mail step: in this tab, with the workflow saved first (the
   * step included when it is filled in), so the editor's Back link returns to it as it was.
   */
  const openEditor = (templateId: number, step: AutomationStep | null) => {
    const tree =
      step && editing
        ? editing.step
          ? replaceStep(steps, editing.path, step)
          : insertStep(steps, editing.path, step)
        : steps;
    const go = () => {
      openingEditor.current = editorPath(templateId);
      navigate(editorPath(templateId));
    };
    if (sameSteps(tree, saved) && !dirty) go();
    else save.mutate({ steps: tree, trigger }, { onSuccess: go });
  };
  const confirmActivate = () => {
    const run = () => activate.mutate(automation.id, { onSuccess: () => setActivating(false) });
    if (dirty) saveNow(run);
    else run();
  };
  const popupProps = { step: editing?.step, onSave: put, onClose: () => setEditing(null) };
  const active = automation.status === 'active';

  return (
    <Box p="xl" maw={1100} mx="auto">
      <Button
        component={Link}
        to={automation.funnel_id === null ? '/automations' : `/automations?funnel_id=${automation.funnel_id}`}
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconArrowLeft size={14} />}
        px={4}
      >
        Automations
      </Button>
      <Group justify="space-between" align="flex-end" mt="xs" mb="md" wrap="wrap">
        <div>
          <Group gap="xs">
            <Text component="h1" fz={26} fw={700} m={0}>
              {automation.name}
            </Text>
            <Badge variant="light" color={STATUS_COLORS[automation.status]} data-testid="automation-status">
              {automation.status}
            </Badge>
            {automation.archived && <Badge color="gray">archived</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            Version {automation.version}
            {dirty ? ' · unsaved changes' : ''}
          </Text>
        </div>
        <Group gap="sm">
          <LockedButton
            locked={!canWrite}
            disabled={!dirty || qtyError !== null}
            loading={save.isPending}
            onClick={() => saveNow()}
          >
            Save
          </LockedButton>
          {active ? (
            <LockedButton
              locked={!canWrite}
              variant="default"
              loading={deactivate.isPending}
              onClick={() => deactivate.mutate(automation.id)}
            >
              Deactivate
            </LockedButton>
          ) : (
            <LockedButton
              locked={!canWrite}
              color="green"
              disabled={countSteps(steps) === 0 || automation.archived}
              onClick={() => setActivating(true)}
            >
              Activate
            </LockedButton>
          )}
          {!automation.archived && (
            <LockedButton
              locked={!canWrite}
              variant="default"
              loading={archive.isPending}
              onClick={() =>
                archive.mutate(automation.id, { onSuccess: () => navigate('/automations/archive') })
              }
            >
              Archive
            </LockedButton>
          )}
          <LockedButton
            locked={!canWrite}
            variant="default"
            color="red"
            onClick={() => setDeleting(automation)}
          >
            Delete
          </LockedButton>
        </Group>
      </Group>

      <Tabs
        value={tab}
        onChange={(value) => setSearch(value === 'runs' ? { tab: 'runs' } : {}, { replace: true })}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="workflow">Workflow</Tabs.Tab>
          <Tabs.Tab value="runs">Run history</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="workflow">
          <Stack align="center" gap={0}>
            <Card withBorder w="100%" maw={520} data-testid="trigger-card">
              <Badge size="xs" variant="light" color="orange">
                Trigger
              </Badge>
              <Text fw={700} mt={4}>
                {triggerLabel(trigger.id)}
              </Text>
              <MultiSelect
                mt="xs"
                size="xs"
                label="Only for these funnels"
                placeholder={trigger.funnel_ids.length === 0 ? 'Every funnel' : undefined}
                disabled={!canWrite}
                value={trigger.funnel_ids.map(String)}
                onChange={(values) => setTrigger({ ...trigger, funnel_ids: values.map(Number) })}
                data={funnelOptions}
              />
              <MultiSelect
                mt="xs"
                size="xs"
                label="Only for these steps"
                description={stepsFunnelId ? undefined : 'Limit it to one funnel to choose among its steps.'}
                placeholder={stepIds.length === 0 ? 'Every step' : undefined}
                disabled={!canWrite || (!stepsFunnelId && stepIds.length === 0)}
                value={stepIds.map(String)}
                onChange={(values) => setTrigger({ ...trigger, step_ids: values.map(Number) })}
                data={stepOptions}
              />
              <MultiSelect
                mt="xs"
                size="xs"
                label="Only for these products"
                placeholder={trigger.product_ids.length === 0 ? 'Every product' : undefined}
                disabled={!canWrite}
                searchable
                value={trigger.product_ids.map(String)}
                onChange={(values) => setTrigger({ ...trigger, product_ids: values.map(Number) })}
                data={productOptions}
              />
              {triggerBuysProducts(trigger.id) && (
                <NumberInput
                  mt="xs"
                  size="xs"
                  label={TRIGGER_QTY_LABEL}
                  description={
                    trigger.product_ids.length === 0
                      ? 'Units in one order'
                      : 'Units of these products in one order'
                  }
                  disabled={!canWrite}
                  min={1}
                  max={TRIGGER_QTY_MAX}
                  clampBehavior="none"
                  allowNegative={false}
                  value={Number.isNaN(trigger.qty) ? '' : trigger.qty}
                  onChange={(value) =>
                    setTrigger({ ...trigger, qty: value === '' ? Number.NaN : Number(value) })
                  }
                  error={qtyError ? `${TRIGGER_QTY_LABEL} ${qtyError}` : undefined}
                />
              )}
            </Card>
            <VisuallyHidden role="status" aria-live="polite" data-testid="step-move-announcement">
              {moveSaid}
            </VisuallyHidden>
            <StepFlow
              steps={steps}
              at={[]}
              templateName={templateName}
              readOnly={!canWrite}
              onAdd={(path, kind) => setEditing({ kind, path })}
              onEdit={(path, step) => setEditing({ kind: stepKind(step), path, step })}
              onRemove={(path) => setSteps((tree) => removeStep(tree, path))}
              canMove={(path, delta) => moveStep(steps, path, delta) !== null}
              onMove={(path, delta) => {
                const moved = moveStep(steps, path, delta);
                if (!moved) return;
                const to = [...path.slice(0, -1), Number(path[path.length - 1]) + delta];
                const list = stepListAt(steps, path) ?? [];
                const step = list[Number(path[path.length - 1])];
                setSteps(moved);
                setMovedTo({ path: to, delta });
                if (step) setMoveSaid(stepMovedAnnouncement(KIND_LABELS[stepKind(step)], to, list.length));
              }}
              emailStats={(path, step) => stepEmailStats(emailStats.data, saved, path, step)}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="runs">
          {tab === 'runs' && <RunHistory automationId={automation.id} canWrite={canWrite} />}
        </Tabs.Panel>
      </Tabs>

      {editing?.kind === 'action' && (
        <AddActionPopup
          {...popupProps}
          step={editing.step?.type === 'send_email' ? editing.step : undefined}
          userId={me.id}
          onOpenEditor={openEditor}
          openingEditor={save.isPending}
        />
      )}
      {editing?.kind === 'integration' && (
        <IntegrationActionPopup
          {...popupProps}
          step={editing.step?.type === 'integration' ? editing.step : undefined}
        />
      )}
      {editing?.kind === 'sms' && (
        <SendSmsPopup {...popupProps} step={editing.step?.type === 'send_sms' ? editing.step : undefined} />
      )}
      {editing?.kind === 'wait' && (
        <AddWaitPopup {...popupProps} step={editing.step?.type === 'wait' ? editing.step : undefined} />
      )}
      {editing?.kind === 'condition' && (
        <ConditionPopup
          {...popupProps}
          step={editing.step?.type === 'condition' ? editing.step : undefined}
        />
      )}
      {editing?.kind === 'end' && <EndAutomationPopup onSave={put} onClose={() => setEditing(null)} />}

      <AppModal opened={activating} onClose={() => setActivating(false)} title="Activate automation">
        <Stack>
          <Text size="sm">
            From now on every "{triggerLabel(trigger.id)}" event starts a run of this automation.
            {dirty ? ' Your unsaved changes are saved first.' : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setActivating(false)}>
              Cancel
            </Button>
            <Button
              color="green"
              disabled={qtyError !== null}
              loading={save.isPending || activate.isPending}
              onClick={confirmActivate}
            >
              Activate
            </Button>
          </Group>
        </Stack>
      </AppModal>
      <UnsavedChangesModal
        blocker={blocker}
        text="This automation has changes that are not saved."
        save={() =>
          save.mutateAsync({ steps, trigger }).then(
            () => true,
            () => false,
          )
        }
      />
      <ConfirmDeletePopup
        item={deleting}
        title="Delete automation"
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => navigate('/automations')}
      >
        Delete "{automation.name}"? Its run history goes with it. This cannot be undone.
      </ConfirmDeletePopup>
    </Box>
  );
}
