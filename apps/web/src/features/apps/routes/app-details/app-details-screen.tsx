import { isAdmin } from '@funnelwork/domain/rules';
import { Anchor, Button, Card, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { BackButton } from '../../../../shared/back-button.tsx';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useFunnelAccess } from '../../../funnels/access.ts';
import { kindOf, useFunnelPage } from '../../../funnels/api.ts';
import { useApp, useAppHowto, useStartAppConnect } from '../../api.ts';
import { AppStatusBadge } from '../../components/app-status-badge.tsx';

/** /apps/{id}: what the app does, its how-to, its integration's connection, and the funnels to set it up in. */
export function AppDetailsScreen() {
  const key = useParams().id ?? '';
  const app = useApp(key);
  const howto = useAppHowto(key);
  const access = useFunnelAccess();
  const funnels = useFunnelPage(false, { page: 1, folderId: null, query: '' });
  const connect = useStartAppConnect(key);

  if (app.isError)
    return <ErrorBox message={app.error.message} back={{ to: '/apps', label: 'Back to apps' }} />;
  if (!app.data) return <Skeleton h={320} radius="lg" />;
  const info = app.data;

  return (
    <Stack maw={960} mx="auto">
      <PageHeader
        back={<BackButton to="/apps" label="Apps" />}
        title={info.name}
        description={info.description}
        actions={<AppStatusBadge app={info} />}
      />
      {info.integration_id !== null && (
        <Card withBorder component="section" aria-label="Connection">
          <Group justify="space-between">
            <Text size="sm">
              {info.integration_ready
                ? `Uses your ${info.integration_name} connection.`
                : `Connect ${info.integration_name} before the app can send anything.`}
            </Text>
            {info.oauth ? (
              <LockedButton
                locked={!isAdmin(access.me.member_account)}
                loading={connect.isPending}
                onClick={() =>
                  connect.mutate(undefined, {
                    onSuccess: (started) => window.location.assign(started.authorize_url),
                  })
                }
              >
                {info.integration_ready ? 'Connect again with Google' : 'Connect with Google'}
              </LockedButton>
            ) : (
              <Button component={Link} to={`/integrations/${info.integration_id}`} variant="light">
                {info.integration_ready ? 'Manage' : 'Connect'} {info.integration_name}
              </Button>
            )}
          </Group>
        </Card>
      )}
      {howto.data && (
        <Card withBorder component="section" aria-label="How to">
          <Title order={2} fz="md" mb="xs">
            {howto.data.title}
          </Title>
          <List type="ordered" size="sm" spacing={4}>
            {howto.data.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Card>
      )}
      <Card withBorder component="section" aria-label="Funnels">
        <Title order={2} fz="md" mb="xs">
          Set it up in a funnel
        </Title>
        {funnels.data && funnels.data.data.length === 0 && <Text size="sm">You have no funnels yet.</Text>}
        {funnels.data && funnels.data.data.length > 0 && (
          <Table>
            <Table.Tbody>
              {funnels.data.data.map((funnel) => (
                <Table.Tr key={funnel.id}>
                  <Table.Td>{funnel.name}</Table.Td>
                  <Table.Td ta="right">
                    {access.funnels ? (
                      <Anchor component={Link} to={`/${kindOf(funnel)}/${funnel.id}/apps/${info.slug}`}>
                        Set up
                      </Anchor>
                    ) : (
                      <LockedButton locked size="compact-sm" variant="subtle">
                        Set up
                      </LockedButton>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
