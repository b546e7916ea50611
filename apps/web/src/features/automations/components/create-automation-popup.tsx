import { AUTOMATION_TRIGGERS, type AutomationTriggerId } from '@funnelwork/domain';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../shared/popups.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useFunnelPage } from '../../funnels/api.ts';
import { useAutomationTemplates, useCreateAutomation, useCreateFromTemplate } from '../api.ts';
import classes from './automations.module.css';

type CreateAutomationPopupProps = {
  opened: boolean;
  onClose: () => void;
  /** The funnel the automation belongs to when created from a funnel's automations; else chosen. */
  funnelId?: number;
  /** Where the new automation opens, given its id. */
  workflowPath: (id: number) => string;
};

/**
 * "Create automation" and its wizard: choose a trigger ("selecting a trigger … enables Continue"), then
 * the name and, for a global list, optionally a funnel; Create posts it and opens its workflow.
 */
export function CreateAutomationPopup({
  opened,
  onClose,
  funnelId,
  workflowPath,
}: CreateAutomationPopupProps) {
  const navigate = useNavigate();
  const create = useCreateAutomation();
  const [stage, setStage] = useState<'trigger' | 'details'>('trigger');
  const [trigger, setTrigger] = useState<AutomationTriggerId | null>(null);
  const [name, setName] = useState('');
  const [funnel, setFunnel] = useState<string | null>(funnelId ? String(funnelId) : null);
  const funnels = useFunnelPage(false, { page: 1, folderId: null, query: '' });
  const templates = useAutomationTemplates();
  const fromTemplate = useCreateFromTemplate();
  const startFrom = (templateId: string) =>
    fromTemplate.mutate(
      { template_id: templateId, funnel_id: funnelId ?? null },
      {
        onSuccess: (automation) => {
          close();
          navigate(workflowPath(automation.id));
        },
      },
    );

  const close = () => {
    setStage('trigger');
    setTrigger(null);
    setName('');
    create.reset();
    onClose();
  };
  const submit = () => {
    if (!trigger) return;
    create.mutate(
      {
        name: name.trim(),
        funnel_id: funnel ? Number(funnel) : null,
        trigger: { id: trigger, funnel_ids: [], step_ids: [], product_ids: [], qty: 1 },
      },
      {
        onSuccess: (automation) => {
          close();
          navigate(workflowPath(automation.id));
        },
      },
    );
  };

  return (
    <AppModal opened={opened} onClose={close} title="Create automation" size="lg">
      {stage === 'trigger' ? (
        <Stack>
          <Text fw={600}>Choose a trigger</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" role="radiogroup" aria-label="Triggers">
            {AUTOMATION_TRIGGERS.map((t) => (
              <UnstyledButton
                key={t.id}
                role="radio"
                aria-checked={trigger === t.id}
                className={classes.choice}
                data-selected={trigger === t.id || undefined}
                onClick={() => setTrigger(t.id)}
              >
                {t.label}
              </UnstyledButton>
            ))}
          </SimpleGrid>
          <Text fw={600} mt="sm">
            Or start from a template
          </Text>
          <Stack gap="xs" aria-label="Automation templates">
            {(templates.data ?? []).map((template) => (
              <Group key={template.id} justify="space-between" wrap="nowrap" className={classes.choice}>
                <div>
                  <Text size="sm" fw={600}>
                    {template.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {template.description}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  style={{ flexShrink: 0 }}
                  loading={fromTemplate.isPending && fromTemplate.variables?.template_id === template.id}
                  onClick={() => startFrom(template.id)}
                  aria-label={`Use template ${template.name}`}
                >
                  Use template
                </Button>
              </Group>
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button disabled={!trigger} onClick={() => setStage('details')}>
              Continue
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              required
              data-autofocus
              value={name}
              maxLength={200}
              onChange={(event) => setName(event.currentTarget.value)}
              error={fieldError(create.error, 'data.name')}
            />
            {funnelId === undefined && (
              <Select
                label="Funnel"
                description="Leave empty for a global automation"
                placeholder="Global"
                clearable
                searchable
                value={funnel}
                onChange={setFunnel}
                data={(funnels.data?.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
              />
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStage('trigger')}>
                Back
              </Button>
              <Button type="submit" disabled={name.trim() === ''} loading={create.isPending}>
                Create automation
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
