import type { Step } from '@funnelwork/domain';
import { cleanStepUrl, STEP_TYPES, stepUrlProblem } from '@funnelwork/domain/rules';
import { Button, Card, Group, Select, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackButton } from '../../../../shared/back-button.tsx';
import { useFunnelAccess } from '../../access.ts';
import { type FunnelKind, stepPathError, usePatchStep, useSteps } from '../../api.ts';
import { useFunnelId, useFunnelKind } from '../funnel-layout/funnel-layout.tsx';

/** steps/{step}/settings: the step's name, URLs and type. */
export function StepSettingsScreen() {
  const kind = useFunnelKind();
  const id = useFunnelId();
  const stepId = Number(useParams().step);
  const steps = useSteps(kind, id);
  const step = steps.data?.find((s) => s.id === stepId);
  if (!step) return <Skeleton h={300} radius="lg" />;
  return <StepSettingsForm key={step.updated_at} kind={kind} funnelId={id} step={step} />;
}

function StepSettingsForm({ kind, funnelId, step }: { kind: FunnelKind; funnelId: number; step: Step }) {
  const access = useFunnelAccess();
  const patchStep = usePatchStep(kind, funnelId);
  const [name, setName] = useState(step.name);
  const [url, setUrl] = useState(step.url);
  const [url2, setUrl2] = useState(step.url2 ?? '');
  const [type, setType] = useState(String(step.step_type));
  // Checked before sending, with the server's own rule; shown once the merchant tries to save.
  const [checked, setChecked] = useState(false);
  const urlProblem = checked ? stepUrlProblem(cleanStepUrl(url)) : undefined;
  const url2Problem = checked ? stepUrlProblem(cleanStepUrl(url2)) : undefined;

  const save = () => {
    setChecked(true);
    if (stepUrlProblem(cleanStepUrl(url)) || stepUrlProblem(cleanStepUrl(url2))) return;
    patchStep.mutate({
      id: step.id,
      data: {
        name: name.trim(),
        url: cleanStepUrl(url),
        url2: cleanStepUrl(url2) || null,
        step_type: Number(type),
      },
    });
  };

  return (
    <Stack maw={640}>
      <BackButton to={`/${kind}/${funnelId}/steps/${step.id}`} label={`Back to ${step.name}`} />
      <Title order={1} fz={26}>
        Step settings
      </Title>
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              maxLength={200}
              value={name}
              disabled={!access.editor}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label="Step URL"
              leftSection="/"
              maxLength={255}
              value={url}
              error={urlProblem ?? stepPathError(patchStep.error)}
              disabled={!access.editor}
              onChange={(e) => {
                setUrl(e.currentTarget.value);
                setChecked(false);
                patchStep.reset();
              }}
            />
            <TextInput
              label="Variant URL"
              description="Optional"
              leftSection="/"
              maxLength={255}
              value={url2}
              error={url2Problem ?? stepPathError(patchStep.error, 'data.url2')}
              disabled={!access.editor}
              onChange={(e) => {
                setUrl2(e.currentTarget.value);
                setChecked(false);
                patchStep.reset();
              }}
            />
            <Select
              label="Step type"
              data={STEP_TYPES.map((t) => ({ value: String(t.value), label: t.title }))}
              value={type}
              allowDeselect={false}
              disabled={!access.editor}
              onChange={(v) => setType(v ?? type)}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={patchStep.isPending}
                disabled={!access.editor || !name.trim() || !cleanStepUrl(url)}
              >
                Save step
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
