import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useFunnelAccess } from '../../../funnels/access.ts';
import { useApps, useSwitchUserApp } from '../../api.ts';
import { AppStatusBadge } from '../../components/app-status-badge.tsx';

/** /apps: the app catalogue, each app with its state and the account's switch. */
export function AppListScreen() {
  const apps = useApps();
  const access = useFunnelAccess();
  const toggle = useSwitchUserApp();
  return (
    <Stack maw={960} mx="auto">
      <PageHeader
        title="Apps"
        description="Add tracking pixels, spreadsheets, e-mail lists and webhooks to your funnels."
      />
      {apps.isPending && <Skeleton h={240} radius="lg" />}
      {apps.isError && <ErrorBox message={apps.error.message} />}
      {apps.data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {apps.data.map((app) => (
            <Card key={app.id} component="section" aria-label={app.name} withBorder>
              <Stack gap="xs" h="100%">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={2} fz="lg">
                    {app.name}
                  </Title>
                  <AppStatusBadge app={app} />
                </Group>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  {app.description}
                </Text>
                <Group justify="space-between">
                  <Switch
                    label={app.active ? 'On' : 'Off'}
                    checked={app.active}
                    disabled={!access.funnels || toggle.isPending}
                    onChange={(event) =>
                      toggle.mutate({ appId: app.id, active: event.currentTarget.checked })
                    }
                  />
                  <Button component={Link} to={`/apps/${app.slug}`} variant="light">
                    Open
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
