import type { AppAnswer } from '@funnelwork/domain/apps/contracts';
import type { FunnelApp } from '@funnelwork/domain/funnel-apps/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Group,
  Skeleton,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { fieldError } from '../../../../shared/use-api-mutation.ts';
import { useFunnelAccess } from '../../../funnels/access.ts';
import { useFunnelId, useFunnelKind } from '../../../funnels/routes/funnel-layout/funnel-layout.tsx';
import { DeliveriesTable } from '../../../integrations/components/deliveries-table.tsx';
import { useApps, useCallAppMethod, useFunnelApps, useSaveFunnelApp } from '../../api.ts';
import { AppSettingsFields } from '../../components/app-settings-fields.tsx';
import { AppStatusBadge } from '../../components/app-status-badge.tsx';

/** /funnel/{id}/apps/{appId} and /wfunnel/…: the funnel's settings of one app, one tab per app. */
export function FunnelAppScreen() {
  const key = useParams().appId ?? '';
  const kind = useFunnelKind();
  const funnelId = useFunnelId();
  const navigate = useNavigate();
  const apps = useApps();
  const saved = useFunnelApps(kind, funnelId);

  if (apps.isError) return <ErrorBox message={apps.error.message} />;
  if (saved.isError) return <ErrorBox message={saved.error.message} />;
  if (!apps.data || !saved.data) return <Skeleton h={320} radius="lg" />;
  const app = apps.data.find((a) => a.slug === key || String(a.id) === key);
  if (!app)
    return <ErrorBox message="App not found" back={{ to: `/${kind}/${funnelId}/overview`, label: 'Back' }} />;

  return (
    <Stack maw={860}>
      <Title order={1} fz={24}>
        Apps
      </Title>
      <Tabs value={app.slug} onChange={(slug) => slug && navigate(`/${kind}/${funnelId}/apps/${slug}`)}>
        <Tabs.List>
          {apps.data.map((a) => (
            <Tabs.Tab key={a.id} value={a.slug}>
              {a.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <IntegrationNotice app={app} />
      <FunnelAppForm key={app.id} app={app} saved={saved.data.find((row) => row.app_id === app.id) ?? null} />
    </Stack>
  );
}

/**
 * Says plainly when the app's integration is not connected (or switched off), with the way to fix it:
 * until then the app sends nothing, and its deliveries fail with that reason in the log below.
 */
function IntegrationNotice({ app }: { app: AppAnswer }) {
  if (app.integration_id === null || app.integration_ready) return null;
  // Google Sheets connects with OAuth on the app's page; the others under Integrations.
  const to = app.oauth ? `/apps/${app.slug}` : `/integrations/${app.integration_id}`;
  if (!app.integration_connected) {
    return (
      <Alert color="orange" title={`${app.integration_name} is not connected`} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            This app sends nothing until {app.integration_name} is connected: each event it should send is
            recorded as failed in its deliveries below. Resend them once it is connected.
          </Text>
          <Button component={Link} to={to} size="xs" variant="light" color="orange">
            Connect {app.integration_name}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="orange" title={`${app.integration_name} is switched off`} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">This app sends nothing while {app.integration_name} is switched off.</Text>
        <Button component={Link} to={`/integrations/${app.integration_id}`} size="xs" variant="light">
          Manage {app.integration_name}
        </Button>
      </Stack>
    </Alert>
  );
}

function FunnelAppForm({ app, saved }: { app: AppAnswer; saved: FunnelApp | null }) {
  const kind = useFunnelKind();
  const funnelId = useFunnelId();
  const access = useFunnelAccess();
  const save = useSaveFunnelApp(kind, funnelId);
  const call = useCallAppMethod(app.id, funnelId);
  const [values, setValues] = useState<Record<string, unknown>>(saved?.settings ?? {});
  const [active, setActive] = useState(saved?.active ?? true);

  return (
    <Card withBorder component="section" aria-label={app.name}>
      <Stack>
        <Group justify="space-between">
          <div>
            <Title order={2} fz="lg">
              {app.name}
            </Title>
            <Text size="sm" c="dimmed">
              {app.description}{' '}
              <Anchor component={Link} to={`/apps/${app.slug}`} size="sm">
                How to set it up
              </Anchor>
            </Text>
          </div>
          <AppStatusBadge app={app} />
        </Group>
        <Switch
          label="On in this funnel"
          checked={active}
          onChange={(event) => setActive(event.currentTarget.checked)}
        />
        <AppSettingsFields
          schema={app.settings_schema}
          values={values}
          onChange={(name, value) => {
            save.reset();
            setValues((current) => ({ ...current, [name]: value }));
          }}
          errorOf={(name) => fieldError(save.error, `settings.${name}`)}
        />
        {save.error && !save.error.failure.info.field?.startsWith('settings.') && (
          <Text size="sm" c="red">
            {save.error.message}
          </Text>
        )}
        <Group>
          <LockedButton
            locked={!access.funnels}
            loading={save.isPending}
            onClick={() => save.mutate({ appId: app.id, settings: values, active })}
          >
            Save
          </LockedButton>
          {saved &&
            app.methods.map((method) => (
              <Button
                key={method.name}
                variant="light"
                title={method.description}
                disabled={!access.funnels}
                loading={call.isPending && call.variables === method.name}
                onClick={() => call.mutate(method.name)}
              >
                {method.name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase())}
              </Button>
            ))}
        </Group>
        {call.data !== undefined && (
          <Code block aria-label="Method answer">
            {JSON.stringify(call.data, null, 2)}
          </Code>
        )}
        {saved && app.integration_id !== null && (
          <DeliveriesTable
            log={`funnel-apps/${saved.id}`}
            canResend={access.automations}
            empty="No deliveries yet. What this app sends for the funnel's events shows here."
          />
        )}
      </Stack>
    </Card>
  );
}
