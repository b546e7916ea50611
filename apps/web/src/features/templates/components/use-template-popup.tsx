import type { StepTemplateOut } from '@funnelwork/domain';
import { funnelsEndpoints } from '@funnelwork/domain/api/funnels';
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { callPageOrThrow } from '../../../shared/api-client.ts';
import { AppModal } from '../../../shared/popups.tsx';
import { type FunnelKind, kindOf, stepPathError, useCreateFunnel } from '../../funnels/api.ts';
import { useAddTemplateStep } from '../api.ts';

type UseTemplatePopupProps = { template: StepTemplateOut | null; onClose: () => void };

/** "Use template": pick a funnel (or create one), name the step, and create it from the template. */
export function UseTemplatePopup({ template, onClose }: UseTemplatePopupProps) {
  const navigate = useNavigate();
  const createFunnel = useCreateFunnel();
  const addStep = useAddTemplateStep();
  const [target, setTarget] = useState<'existing' | 'new'>('existing');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [funnelId, setFunnelId] = useState<string | null>(null);
  const [funnelName, setFunnelName] = useState('');
  const [stepName, setStepName] = useState('');
  const busy = createFunnel.isPending || addStep.isPending;
  const { reset } = addStep;

  const funnels = useQuery({
    queryKey: ['funnels', 'pick', debounced],
    queryFn: () =>
      callPageOrThrow(funnelsEndpoints.listFunnels, {
        query: { page: 1, query: debounced.trim() || undefined },
      }),
    enabled: template !== null,
  });
  const options = (funnels.data?.data ?? []).map((f) => ({ value: String(f.id), label: f.name }));

  useEffect(() => {
    if (!template) return;
    setStepName(template.name);
    setFunnelName(template.name);
    setFunnelId(null);
    setSearch('');
    reset();
  }, [template, reset]);

  useEffect(() => {
    if (funnels.data && funnels.data.data.length === 0 && !debounced) setTarget('new');
  }, [funnels.data, debounced]);

  const create = async () => {
    if (!template || !stepName.trim()) return;
    let funnel: { id: number; kind: FunnelKind };
    if (target === 'new') {
      const made = await createFunnel
        .mutateAsync({ name: funnelName.trim() || template.name, funnel_type: 1 })
        .catch(() => null);
      if (!made) return;
      funnel = { id: made.id, kind: kindOf(made) };
    } else {
      const chosen = funnels.data?.data.find((f) => String(f.id) === funnelId);
      if (!chosen) return;
      funnel = { id: chosen.id, kind: kindOf(chosen) };
    }
    addStep.mutate(
      { template, kind: funnel.kind, funnelId: funnel.id, name: stepName },
      {
        onSuccess: (step) => {
          onClose();
          navigate(`/${funnel.kind}/${funnel.id}/steps/${step.id}`);
        },
      },
    );
  };

  return (
    <AppModal opened={template !== null} onClose={onClose} title="Use template" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {template ? `A new step is made from "${template.name}".` : ''}
          </Text>
          <SegmentedControl
            value={target}
            onChange={(value) => setTarget(value as 'existing' | 'new')}
            data={[
              { value: 'existing', label: 'Add to a funnel' },
              { value: 'new', label: 'Create a new funnel' },
            ]}
          />
          {target === 'existing' ? (
            <Select
              label="Funnel"
              placeholder="Choose a funnel"
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              data={options}
              value={funnelId}
              onChange={setFunnelId}
              nothingFoundMessage={funnels.isFetching ? 'Loading…' : 'No funnels found'}
            />
          ) : (
            <TextInput
              label="Funnel name"
              maxLength={200}
              value={funnelName}
              onChange={(event) => setFunnelName(event.currentTarget.value)}
            />
          )}
          <TextInput
            label="Step name"
            maxLength={200}
            value={stepName}
            error={stepPathError(addStep.error)}
            onChange={(event) => {
              setStepName(event.currentTarget.value);
              addStep.reset();
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={!stepName.trim() || (target === 'existing' ? !funnelId : !funnelName.trim())}
            >
              Create step
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
