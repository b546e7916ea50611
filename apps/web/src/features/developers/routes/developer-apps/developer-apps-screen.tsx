import type { ApiKey, DeveloperApp, NewApiKey } from '@funnelwork/domain';
import { isAdmin } from '@funnelwork/domain/rules';
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconApi, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDeletePopup } from '../../../../shared/confirm-delete-popup.tsx';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useMe } from '../../../session/api.ts';
import { useCreateApiKey, useDeleteDeveloperApp, useDeveloperApps, useRevokeApiKey } from '../../api.ts';
import { CreateDeveloperAppPopup } from '../../components/create-developer-app-popup.tsx';
import { NewApiKeyPopup } from '../../components/new-api-key-popup.tsx';

const when = (value: string | null) => (value ? dayjs(value).format('DD MMM YYYY HH:mm') : 'Never');

/** /developers/apps: the account's developer apps, their scopes and API keys. Administrators only. */
export function DeveloperAppsScreen() {
  const me = useMe();
  const admin = isAdmin(me.member_account);
  const apps = useDeveloperApps(admin);
  const [creating, setCreating] = useState(false);
  const [newKey, setNewKey] = useState<NewApiKey | null>(null);
  const [deleting, setDeleting] = useState<DeveloperApp | null>(null);
  const remove = useDeleteDeveloperApp();

  return (
    <Stack maw={960} mx="auto">
      <PageHeader
        title="Developer apps"
        description="Apps that use the Funnelwork API with their own keys: each key answers only within its app's scopes, and is rate-limited on its own."
        actions={
          admin && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New app
            </Button>
          )
        }
      />
      {!admin && <Alert color="gray">Only administrators of the account can manage developer apps.</Alert>}
      {apps.isPending && admin && <Skeleton h={200} radius="lg" />}
      {apps.isError && <ErrorBox message={apps.error.message} />}
      {apps.data?.length === 0 && (
        <Card withBorder p="xl">
          <Stack align="center" gap="xs">
            <IconApi size={32} />
            <Text fw={600}>No developer apps yet</Text>
            <Text size="sm" c="dimmed">
              Create one to get an API key for Zapier, Make or your own code.
            </Text>
          </Stack>
        </Card>
      )}
      {apps.data?.map((app) => (
        <DeveloperAppCard key={app.id} app={app} onNewKey={setNewKey} onDelete={() => setDeleting(app)} />
      ))}
      <CreateDeveloperAppPopup opened={creating} onClose={() => setCreating(false)} />
      <NewApiKeyPopup apiKey={newKey} onClose={() => setNewKey(null)} />
      <ConfirmDeletePopup
        item={deleting}
        title="Delete app"
        remove={remove}
        onClose={() => setDeleting(null)}
      >
        {`Delete ${deleting?.name ?? 'this app'}? Its API keys stop working at once and its REST hooks are removed.`}
      </ConfirmDeletePopup>
    </Stack>
  );
}

function DeveloperAppCard({
  app,
  onNewKey,
  onDelete,
}: {
  app: DeveloperApp;
  onNewKey: (key: NewApiKey) => void;
  onDelete: () => void;
}) {
  const createKey = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<{ app: DeveloperApp; key: ApiKey } | null>(null);
  return (
    <Card component="section" withBorder p="lg" aria-label={app.name}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600}>{app.name}</Text>
            <Group gap={6} mt={6}>
              {app.scopes.map((scope) => (
                <Badge key={scope} variant="light" tt="none">
                  {scope}
                </Badge>
              ))}
            </Group>
          </div>
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconKey size={16} />}
              loading={createKey.isPending}
              onClick={() => createKey.mutate(app, { onSuccess: onNewKey })}
            >
              New API key
            </Button>
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              Delete app
            </Button>
          </Group>
        </Group>
        {app.keys.length === 0 ? (
          <Text size="sm" c="dimmed">
            No API keys yet.
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Key</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {app.keys.map((key: ApiKey) => (
                <Table.Tr key={key.id}>
                  <Table.Td ff="monospace">{key.prefix}…</Table.Td>
                  <Table.Td>{when(key.created_at)}</Table.Td>
                  <Table.Td>{when(key.last_used_at)}</Table.Td>
                  <Table.Td>
                    {key.revoked_at ? (
                      <Badge color="gray">Revoked {when(key.revoked_at)}</Badge>
                    ) : (
                      <Badge color="teal">Active</Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {!key.revoked_at && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Revoke ${key.prefix}`}
                        onClick={() => setRevoking({ app, key })}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <ConfirmDeletePopup
        item={revoking}
        title="Revoke API key"
        confirmLabel="Revoke"
        remove={revoke}
        onClose={() => setRevoking(null)}
      >
        {`Revoke ${revoking?.key.prefix ?? ''}…? Requests with it are refused from now on; this cannot be undone.`}
      </ConfirmDeletePopup>
    </Card>
  );
}
