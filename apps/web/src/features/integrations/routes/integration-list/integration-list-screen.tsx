import type { IntegrationInfoAnswer } from '@funnelwork/domain/integrations/contracts';
import { hasPermission, isAdmin } from '@funnelwork/domain/rules';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useMe } from '../../../session/api.ts';
import { useIntegrationCatalogue, useSwitchIntegration } from '../../api.ts';

const STATUS_COLOURS: Record<string, string> = {
  Connected: 'green',
  'Switched off': 'gray',
  'Not connected': 'blue',
  'Not available yet': 'gray',
  'Not configured': 'orange',
  Inactive: 'gray',
};

/** /integrations: the catalogue with each integration's state and its active switch. */
export function IntegrationListScreen() {
  const catalogue = useIntegrationCatalogue();
  return (
    <Stack maw={960} mx="auto">
      <PageHeader
        title="Integrations"
        description="Connect the services your account sends its orders, customers and events to."
      />
      {catalogue.isPending && <Skeleton h={240} radius="lg" />}
      {catalogue.isError && <ErrorBox message={catalogue.error.message} />}
      {catalogue.data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {catalogue.data.map((integration) => (
            <IntegrationCard key={integration.id} integration={integration} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function IntegrationCard({ integration }: { integration: IntegrationInfoAnswer }) {
  const me = useMe();
  const canSwitch = isAdmin(me.member_account) || hasPermission(me.member_account, 'automations');
  const toggle = useSwitchIntegration();
  const connected = integration.status === 'Connected' || integration.status === 'Switched off';
  return (
    <Card component="section" aria-label={integration.name} withBorder>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg">
            {integration.name}
          </Title>
          <Badge color={STATUS_COLOURS[integration.status] ?? 'gray'} variant="light">
            {integration.status}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {integration.description}
        </Text>
        {!integration.available && !integration.inactive && (
          <Text size="sm">
            {integration.not_configured
              ? `It is ${integration.not_configured}.`
              : 'This integration cannot be connected on this server yet.'}
          </Text>
        )}
        <Group justify="space-between">
          {connected && integration.user_integration_id !== null ? (
            <Switch
              label={integration.active ? 'Active' : 'Inactive'}
              checked={integration.active === true}
              disabled={!canSwitch || toggle.isPending}
              onChange={(event) =>
                toggle.mutate({
                  id: integration.user_integration_id as number,
                  active: event.currentTarget.checked,
                })
              }
            />
          ) : (
            <span />
          )}
          {integration.available && (
            <Button component={Link} to={`/integrations/${integration.slug}`} variant="light">
              {connected ? 'Manage' : 'Connect'}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
