import type { Step } from '@funnelwork/domain';
import { Alert, Button, Checkbox, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../shared/popups.tsx';
import { DELETE_ERROR, type FunnelKind, useDeleteStep } from '../api.ts';
import { useProgressRun } from '../use-progress-run.ts';

/** "step 2 (progress, 1% every 10 ms)". */
export const DELETE_STEP_STEP_MS = 10;

type DeleteStepPopupProps = { kind: FunnelKind; funnelId: number; step: Step | null; onClose: () => void };

/**
 * "Delete step: step 1 (two confirmations) to step 2 (progress, 1% every 10 ms) to an error state on
 * failure; after success returns to the funnel page."
 */
export function DeleteStepPopup({ kind, funnelId, step, onClose }: DeleteStepPopupProps) {
  const navigate = useNavigate();
  const [pagesGone, setPagesGone] = useState(false);
  const [statsGone, setStatsGone] = useState(false);
  const run = useProgressRun<null>({ stepMs: DELETE_STEP_STEP_MS });
  const remove = useDeleteStep(kind, funnelId, run.start);
  const failed = remove.error?.message ?? null;
  const { reset } = remove;

  useEffect(() => {
    if (!step) return;
    setPagesGone(false);
    setStatsGone(false);
    reset();
  }, [step, reset]);

  const confirm = () => {
    if (!step) return;
    remove.mutate(step, {
      onSuccess: () => {
        onClose();
        navigate(`/${kind}/${funnelId}`);
      },
    });
  };

  const running = run.progress !== null;
  return (
    <AppModal
      opened={step !== null}
      onClose={() => !running && onClose()}
      title="Delete step"
      closeOnClickOutside={!running}
      closeOnEscape={!running}
      withCloseButton={!running}
    >
      {failed !== null ? (
        <Stack>
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={DELETE_ERROR}
            role="alert"
          >
            {failed}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={reset}>
              Back
            </Button>
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      ) : running ? (
        <Stack py="md" gap="xs">
          <Text size="sm">Deleting “{step?.name}”…</Text>
          <Progress value={run.progress ?? 0} animated aria-label="Delete progress" />
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            “{step?.name}” and its pages will be deleted from the funnel and stop being published.
          </Text>
          <Checkbox
            label="I understand that the step and its pages will be deleted"
            checked={pagesGone}
            onChange={(event) => setPagesGone(event.currentTarget.checked)}
          />
          <Checkbox
            label="I understand that visitors will no longer reach this step"
            checked={statsGone}
            onChange={(event) => setStatsGone(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {/* "Delete step needs both confirmations ticked." */}
            <Button color="red" disabled={!pagesGone || !statsGone} onClick={confirm}>
              Delete step
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
