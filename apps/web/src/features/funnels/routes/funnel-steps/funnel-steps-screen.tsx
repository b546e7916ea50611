import {
  canContinueNewStep,
  cleanStepUrl,
  nextOrderIndex,
  STEP_TYPES,
  stepPathFromName,
} from '@funnelwork/domain/rules';
import { Card, Center, Group, Loader, Select, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconStairsUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { useFunnelAccess } from '../../access.ts';
import { type FunnelKind, stepPathError, useCreateStep, useSteps } from '../../api.ts';
import { useFunnelId, useFunnelKind } from '../funnel-layout/funnel-layout.tsx';

/** "/funnel/{id}/steps without a step opens the first step, or an onboarding view when there are none." */
export function FunnelStepsScreen() {
  const kind = useFunnelKind();
  const id = useFunnelId();
  const steps = useSteps(kind, id);
  if (steps.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const first = steps.data?.[0];
  if (first) return <Navigate to={`/${kind}/${id}/steps/${first.id}`} replace />;
  return <FirstStepOnboarding kind={kind} funnelId={id} />;
}

/** The onboarding view: "Name and Step URL are required; Continue is disabled when either is blank after trimming." */
function FirstStepOnboarding({ kind, funnelId }: { kind: FunnelKind; funnelId: number }) {
  const access = useFunnelAccess();
  const navigate = useNavigate();
  const createStep = useCreateStep(kind, funnelId);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [urlEdited, setUrlEdited] = useState(false);
  const [variantUrl, setVariantUrl] = useState('');
  const [type, setType] = useState('5');
  const ready = canContinueNewStep({ name, url });

  const create = () => {
    if (!ready) return;
    const path = cleanStepUrl(url);
    createStep.mutate(
      {
        name: name.trim(),
        path,
        url: path,
        url2: cleanStepUrl(variantUrl) || null,
        type: Number(type),
        user_id: access.me.id,
        order_index: nextOrderIndex(0),
      },
      { onSuccess: (step) => navigate(`/${kind}/${funnelId}/steps/${step.id}`) },
    );
  };

  return (
    <Center py="xl">
      <Card maw={560} w="100%" p="xl">
        <Stack>
          <Group>
            <ThemeIcon size={48} radius="md" variant="light">
              <IconStairsUp size={26} />
            </ThemeIcon>
            <div>
              <Title order={2} fz={20}>
                Add the first step of your funnel
              </Title>
              <Text size="sm" c="dimmed">
                No steps have been added yet
              </Text>
            </div>
          </Group>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              create();
            }}
          >
            <Stack>
              <Select
                label="Step type"
                data={STEP_TYPES.map((t) => ({ value: String(t.value), label: t.title }))}
                value={type}
                allowDeselect={false}
                onChange={(value) => setType(value ?? '5')}
              />
              <TextInput
                label="Name"
                maxLength={200}
                value={name}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setName(next);
                  if (!urlEdited) setUrl(stepPathFromName(next));
                }}
              />
              <TextInput
                label="Step URL"
                leftSection="/"
                maxLength={255}
                value={url}
                error={stepPathError(createStep.error)}
                onChange={(event) => {
                  setUrl(event.currentTarget.value);
                  setUrlEdited(true);
                  createStep.reset();
                }}
              />
              <TextInput
                label="Variant URL"
                description="Optional"
                leftSection="/"
                maxLength={255}
                value={variantUrl}
                onChange={(event) => setVariantUrl(event.currentTarget.value)}
              />
              <Group justify="flex-end">
                <LockedButton
                  locked={!access.editor}
                  type="submit"
                  loading={createStep.isPending}
                  disabled={!ready}
                >
                  Continue
                </LockedButton>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Card>
    </Center>
  );
}
