import { MERGE_TAGS } from '@funnelwork/blocks';
import {
  AUTOMATION_INTEGRATION_ACTIONS,
  type AutomationIntegrationAction,
  type AutomationStep,
  type IntegrationActionField,
  integrationActionOf,
  integrationParamErrors,
} from '@funnelwork/domain';
import { GOOGLE_SHEETS_INTEGRATION_ID, integrationById } from '@funnelwork/domain/integrations/catalogue';
import {
  Anchor,
  Button,
  Group,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppModal } from '../../../shared/popups.tsx';
import { useUserIntegrations } from '../../integrations/api.ts';
import classes from './automations.module.css';
import { ConnectSpreadsheetPopup } from './connect-spreadsheet-popup.tsx';

type IntegrationStep = Extract<AutomationStep, { type: 'integration' }>;
type Params = Record<string, string | string[]>;

const initialParams = (action: AutomationIntegrationAction): Params =>
  Object.fromEntries(
    action.fields.map((field) => [
      field.key,
      Array.isArray(field.initial) ? [...field.initial] : field.initial,
    ]),
  );

/**
 * "Add action" with an integration (the wizard's "choose an integration": the account's connected
 * ones, Continue enabled once one is chosen), then the action's own popup — "Add row to spreadsheet",
 * "Add subscriber to audience" — its fields filled with merge tags of the run.
 */
export function IntegrationActionPopup({
  step,
  onSave,
  onClose,
}: {
  step?: IntegrationStep;
  onSave: (step: AutomationStep) => void;
  onClose: () => void;
}) {
  const connections = useUserIntegrations();
  const [chosen, setChosen] = useState<AutomationIntegrationAction | null>(
    step ? (integrationActionOf(step.integration_id, step.method) ?? null) : null,
  );
  const [stage, setStage] = useState<'integration' | 'connect' | 'fields'>(
    step && chosen ? 'fields' : 'integration',
  );
  const [params, setParams] = useState<Params>(step?.params ?? (chosen ? initialParams(chosen) : {}));
  const [tried, setTried] = useState(false);
  const connectionOf = (integrationId: number) =>
    (connections.data ?? []).find((c) => c.integration_id === integrationId && c.connected);
  const connected = (integrationId: number) => connectionOf(integrationId)?.active === true;
  // "Spreadsheet connect": Google Sheets not connected yet is connected from here, in place.
  const connectsHere = (integrationId: number) =>
    integrationId === GOOGLE_SHEETS_INTEGRATION_ID && !connectionOf(integrationId);
  const toFields = (action: AutomationIntegrationAction) => {
    setParams(initialParams(action));
    setStage('fields');
  };

  if (stage === 'connect' && chosen) {
    return (
      <ConnectSpreadsheetPopup
        onConnected={() => toFields(chosen)}
        onBack={() => setStage('integration')}
        onClose={onClose}
      />
    );
  }
  if (stage === 'integration' || stage === 'connect' || !chosen) {
    return (
      <AppModal opened onClose={onClose} title="Add action" size="lg">
        <Stack>
          <Text fw={600}>Choose an integration</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" role="radiogroup" aria-label="Integrations">
            {AUTOMATION_INTEGRATION_ACTIONS.map((action) => {
              const info = integrationById(action.integration_id);
              const ready = connected(action.integration_id) || connectsHere(action.integration_id);
              return (
                <div key={`${action.integration_id}-${action.method}`}>
                  <UnstyledButton
                    role="radio"
                    aria-checked={chosen === action}
                    aria-disabled={!ready}
                    disabled={!ready}
                    className={classes.choice}
                    data-selected={chosen === action || undefined}
                    onClick={() => setChosen(action)}
                    w="100%"
                  >
                    <Text size="sm" fw={600}>
                      {info?.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {action.caption}
                    </Text>
                    {connectsHere(action.integration_id) && connections.data && (
                      <Text size="xs" c="dimmed">
                        Not connected yet: Continue connects it
                      </Text>
                    )}
                  </UnstyledButton>
                  {!ready && connections.data && (
                    <Anchor component={Link} to={`/integrations/${info?.slug}`} size="xs">
                      Connect {info?.name} first
                    </Anchor>
                  )}
                </div>
              );
            })}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={!chosen}
              onClick={() => {
                if (!chosen) return;
                if (connectsHere(chosen.integration_id)) setStage('connect');
                else toFields(chosen);
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </AppModal>
    );
  }

  const errors = integrationParamErrors(chosen.integration_id, chosen.method, params);
  const save = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    onSave({
      type: 'integration',
      integration_id: chosen.integration_id,
      method: chosen.method,
      caption: chosen.caption,
      params,
    });
  };
  return (
    <AppModal opened onClose={onClose} title={chosen.caption} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {integrationById(chosen.integration_id)?.name}. Merge tags:{' '}
          {MERGE_TAGS.filter((tag) => tag !== 'order_lines' && tag !== 'shipping_address')
            .map((tag) => `{{${tag}}}`)
            .join(' ')}
        </Text>
        {'orderFields' in chosen && (
          <Text size="sm">
            The order's lines, amounts and currency
            {chosen.method === 'create-order' ? ', and its shipping address,' : ''} come from the purchase
            that started the run.
          </Text>
        )}
        {(chosen.fields as readonly IntegrationActionField[]).map((field) => {
          const value = params[field.key];
          const error = tried ? errors[field.key] : undefined;
          return field.kind === 'list' ? (
            <TagsInput
              key={field.key}
              label={field.label}
              description={field.help}
              placeholder="Type and press Enter"
              withAsterisk={field.required}
              value={Array.isArray(value) ? value : []}
              onChange={(values) => setParams((p) => ({ ...p, [field.key]: values }))}
              error={error}
            />
          ) : (
            <TextInput
              key={field.key}
              label={field.label}
              description={field.help}
              withAsterisk={field.required}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setParams((p) => ({ ...p, [field.key]: text }));
              }}
              error={error}
            />
          );
        })}
        <Group justify="flex-end">
          {!step && (
            <Button variant="default" onClick={() => setStage('integration')}>
              Back
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save}>{step ? 'Save' : 'Add'}</Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
