import {
  API_SCOPE_LABELS,
  API_SCOPES,
  type ApiScope,
  DEVELOPER_APP_NAME_MAX,
} from '@funnelwork/domain/rules';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../shared/popups.tsx';
import { fieldError } from '../../../shared/use-api-mutation.ts';
import { useCreateDeveloperApp } from '../api.ts';

/** "New app": a name and the scopes its keys may use. */
export function CreateDeveloperAppPopup({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateDeveloperApp();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const close = () => {
    setName('');
    setScopes([]);
    create.reset();
    onClose();
  };
  const scopesError = fieldError(create.error, 'data.scopes') ?? fieldError(create.error, 'data.scopes.0');
  return (
    <AppModal opened={opened} onClose={close} title="New developer app">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name, scopes }, { onSuccess: close });
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            placeholder="Zapier"
            data-autofocus
            value={name}
            maxLength={DEVELOPER_APP_NAME_MAX}
            error={fieldError(create.error, 'data.name')}
            onChange={(event) => {
              setName(event.currentTarget.value);
              create.reset();
            }}
          />
          <Checkbox.Group
            label="Scopes"
            description="What the app's API keys may do in this account."
            value={scopes}
            error={scopesError}
            onChange={(value) => {
              setScopes(value as ApiScope[]);
              create.reset();
            }}
          >
            <Stack gap="xs" mt="xs">
              {API_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={`${scope} — ${API_SCOPE_LABELS[scope]}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create app
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
