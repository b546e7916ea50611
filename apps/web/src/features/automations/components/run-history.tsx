import { AUTOMATION_TRIGGERS, RUN_STATUSES } from '@funnelwork/domain';
import { Badge, Button, Card, Collapse, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorBox } from '../../../shared/error-box.tsx';
import { LockedButton } from '../../../shared/locked-button.tsx';
import {
  type RunStatus,
  type RunSummary,
  useAutomationRun,
  useAutomationRuns,
  useCancelRun,
  useRetryRun,
} from '../api.ts';
import { RUN_STATUS_COLORS } from '../labels.ts';

/** What a trigger event is called on the builder ("On Purchase" for order.paid). */
const eventLabel = (type: string) => AUTOMATION_TRIGGERS.find((t) => t.event === type)?.label ?? type;

/** A step's outcome in a few words: the e-mail's recipient and subject, a condition's branch. */
function stepResult(result: Record<string, unknown>): string {
  if (typeof result.skipped === 'string') return `Skipped (${result.skipped}): ${String(result.to ?? '')}`;
  if (typeof result.sms_message_id === 'number') return `SMS to ${String(result.to)}`;
  if (typeof result.to === 'string') return `To ${result.to}: ${String(result.subject ?? '')}`;
  if (typeof result.branch === 'string') return result.branch === 'yes' ? 'Yes' : 'No';
  if (typeof result.method === 'string') return `Called ${result.method}`;
  return '';
}

const STEP_TYPE_LABELS: Record<string, string> = {
  send_email: 'Send e-mail',
  send_sms: 'Send SMS',
  integration: 'Integration action',
  wait: 'Wait',
  condition: 'Condition',
  end: 'End automation',
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** An automation's runs, newest first, filterable by status; each opens to its steps. */
export function RunHistory({ automationId, canWrite }: { automationId: number; canWrite: boolean }) {
  const [status, setStatus] = useState<RunStatus | null>(null);
  const runs = useAutomationRuns(automationId, status);
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Every run of this automation, newest first. The list refreshes on its own.
        </Text>
        <Select
          aria-label="Run status"
          placeholder="All statuses"
          clearable
          w={180}
          value={status}
          onChange={(value) => setStatus(value as RunStatus | null)}
          data={RUN_STATUSES.map((s) => ({ value: s, label: s }))}
        />
      </Group>
      {runs.isPending && <Skeleton h={120} />}
      {runs.isError && <ErrorBox message={runs.error.message} />}
      {runs.data?.length === 0 && (
        <Text c="dimmed" ta="center" p="xl">
          {status ? `No ${status} runs.` : 'No runs yet.'}
        </Text>
      )}
      {runs.data?.map((run) => (
        <RunRow key={run.id} run={run} canWrite={canWrite} />
      ))}
    </Stack>
  );
}

function RunRow({ run, canWrite }: { run: RunSummary; canWrite: boolean }) {
  const [open, setOpen] = useState(false);
  const detail = useAutomationRun(run.id, open);
  const retry = useRetryRun();
  const cancel = useCancelRun();
  return (
    <Card withBorder p="sm" data-testid="run-row" data-status={run.status}>
      <Group justify="space-between" wrap="nowrap">
        <Button
          variant="subtle"
          color="gray"
          leftSection={open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          onClick={() => setOpen((o) => !o)}
        >
          Run #{run.id} · {eventLabel(run.trigger_event.type)}
          {run.order_number !== null ? ` · order #${run.order_number}` : ''}
        </Button>
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {when(run.created_at)} · version {run.version}
          </Text>
          <Badge color={RUN_STATUS_COLORS[run.status]} variant="light">
            {run.status}
          </Badge>
          {run.status === 'failed' && (
            <LockedButton
              locked={!canWrite}
              size="compact-sm"
              loading={retry.isPending}
              onClick={() => retry.mutate(run.id)}
            >
              Retry
            </LockedButton>
          )}
          {(run.status === 'running' || run.status === 'waiting') && (
            <LockedButton
              locked={!canWrite}
              size="compact-sm"
              variant="default"
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(run.id)}
            >
              Cancel
            </LockedButton>
          )}
        </Group>
      </Group>
      <Collapse expanded={open}>
        {detail.isError && <ErrorBox message={detail.error.message} />}
        {detail.data && (
          <Table mt="xs" fz="sm" aria-label={`Steps of run ${run.id}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Step</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Finished</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Error</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.data.steps.map((step) => (
                <Table.Tr key={step.path}>
                  <Table.Td>
                    {STEP_TYPE_LABELS[step.type] ?? step.type} · {step.path}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={RUN_STATUS_COLORS[step.status]}>
                      {step.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{when(step.started_at)}</Table.Td>
                  <Table.Td>{when(step.finished_at)}</Table.Td>
                  <Table.Td>{step.attempts}</Table.Td>
                  <Table.Td>{stepResult(step.result)}</Table.Td>
                  <Table.Td c="red">{step.error ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Collapse>
    </Card>
  );
}
