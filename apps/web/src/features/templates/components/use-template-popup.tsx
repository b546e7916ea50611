import type { FunnelListItem, StepTemplateOut } from '@funnelwork/domain';
import { nextOrderIndex, stepPathFromName } from '@funnelwork/domain/rules';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, apiPageOrThrow } from '../../../shared/api-client.ts';
import { notifyError } from '../../../shared/notices.ts';
import { createFunnel, createStep, type FunnelKind, funnelKeys, kindOf } from '../../funnels/api.ts';
import { PATH_TAKEN } from '../../funnels/components/add-step-popup.tsx';
import { useFinishOnboarding } from '../../onboarding/api.ts';
import { useMe } from '../../session/api.ts';

type UseTemplatePopupProps = { template: StepTemplateOut | null; onClose: () => void };

/** "Use template": pick a funnel (or create one), name the step, and create it from the template. */
export function UseTemplatePopup({ template, onClose }: UseTemplatePopupProps) {
  const me = useMe();
  const finishOnboarding = useFinishOnboarding();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [target, setTarget] = useState<'existing' | 'new'>('existing');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [funnelId, setFunnelId] = useState<string | null>(null);
  const [funnelName, setFunnelName] = useState('');
  const [stepName, setStepName] = useState('');
  const [pathError, setPathError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const funnels = useQuery({
    queryKey: ['funnels', 'pick', debounced],
    queryFn: () =>
      apiPageOrThrow<FunnelListItem>('funnels', { page: 1, query: debounced.trim() || undefined }),
    enabled: template !== null,
  });
  const options = (funnels.data?.data ?? []).map((f) => ({ value: String(f.id), label: f.name }));

  useEffect(() => {
    if (!template) return;
    setStepName(template.name);
    setFunnelName(template.name);
    setFunnelId(null);
    setSearch('');
    setPathError(undefined);
  }, [template]);

  useEffect(() => {
    if (funnels.data && funnels.data.data.length === 0 && !debounced) setTarget('new');
  }, [funnels.data, debounced]);

  const create = async () => {
    if (!template || !stepName.trim()) return;
    setBusy(true);
    let id: number;
    let kind: FunnelKind;
    if (target === 'new') {
      const made = await createFunnel({ name: funnelName.trim() || template.name, funnel_type: 1 });
      if (made.error !== undefined) {
        setBusy(false);
        notifyError(made.error);
        return;
      }
      if (!me.onboarding_finished) void finishOnboarding(me);
      id = made.data.id;
      kind = kindOf(made.data);
    } else {
      const chosen = funnels.data?.data.find((f) => String(f.id) === funnelId);
      if (!chosen) {
        setBusy(false);
        return;
      }
      id = chosen.id;
      kind = kindOf(chosen);
    }
    const steps = await api<unknown[]>('GET', `${kind === 'wfunnel' ? 'wfunnels' : 'funnels'}/${id}/steps`);
    const path = stepPathFromName(stepName);
    const result = await createStep(kind, id, {
      name: stepName.trim(),
      path,
      url: path,
      type: template.step.step_type,
      user_id: me.id,
      template_id: template.template_id,
      order_index: nextOrderIndex(steps.error === undefined ? steps.data.length : 0),
    });
    setBusy(false);
    if (result.error !== undefined) {
      if (result.info.status === 409) setPathError(PATH_TAKEN);
      notifyError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: funnelKeys.all });
    onClose();
    navigate(`/${kind}/${id}/steps/${result.data.id}`);
  };

  return (
    <Modal opened={template !== null} onClose={onClose} title="Use template" size="lg">
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
            error={pathError}
            onChange={(event) => {
              setStepName(event.currentTarget.value);
              setPathError(undefined);
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
    </Modal>
  );
}
