import type { Automation } from '@funnelwork/domain';
import { Badge, Box, Button, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { ListCard } from '../../../../shared/list-card.tsx';
import { LockedButton } from '../../../../shared/locked-button.tsx';
import { PageHeader } from '../../../../shared/page-header.tsx';
import { useFunnelPage } from '../../../funnels/api.ts';
import { useAutomationsAccess } from '../../access.ts';
import { type AutomationListScope, useAutomations, useRestoreAutomation } from '../../api.ts';
import { CreateAutomationPopup } from '../../components/create-automation-popup.tsx';
import { STATUS_COLORS, triggerLabel } from '../../labels.ts';

type View = 'all' | 'global' | 'archive';
const VIEW_PATHS: Record<View, string> = {
  all: '/automations',
  global: '/automations/global',
  archive: '/automations/archive',
};

/** /automations, /automations/global (funnel_id null) and /automations/archive (with Restore). */
export function AutomationsScreen({ view }: { view: View }) {
  const [params] = useSearchParams();
  const funnelParam = Number(params.get('funnel_id'));
  const funnelId = Number.isInteger(funnelParam) && funnelParam > 0 ? funnelParam : undefined;
  const navigate = useNavigate();
  return (
    <Box p="xl" maw={1100} mx="auto">
      <PageHeader
        title={
          view === 'archive'
            ? 'Archived automations'
            : view === 'global'
              ? 'Global automations'
              : 'Automations'
        }
        description={
          funnelId === undefined ? (
            'Automations run actions — e-mails, waits and conditions — when a trigger fires.'
          ) : (
            <>
              The automations of one funnel. <Link to={VIEW_PATHS[view]}>Show all</Link>
            </>
          )
        }
      />
      <SegmentedControl
        mb="md"
        value={view}
        onChange={(value) => navigate(VIEW_PATHS[value as View])}
        data={[
          { value: 'all', label: 'All' },
          { value: 'global', label: 'Global' },
          { value: 'archive', label: 'Archive' },
        ]}
      />
      <AutomationList
        scope={{ archived: view === 'archive', global: view === 'global', funnelId }}
        workflowPath={(id) => `/automations/${id}`}
      />
    </Box>
  );
}

export const AutomationListScreen = () => <AutomationsScreen view="all" />;
export const GlobalAutomationsScreen = () => <AutomationsScreen view="global" />;
export const ArchivedAutomationsScreen = () => <AutomationsScreen view="archive" />;

/**
 * A funnel's automations (/wfunnel/{id}/automations/v2): "funnel automations are locked without
 * automations permission" — 'Access denied' in place of the list.
 */
export function FunnelAutomationsScreen() {
  const funnelId = Number(useParams().id);
  const kind = useLocation().pathname.startsWith('/wfunnel/') ? 'wfunnel' : 'funnel';
  const { canWrite } = useAutomationsAccess();
  if (!canWrite) {
    return (
      <Box p="xl" maw={720} mx="auto">
        <ErrorBox title="Access denied" message="Funnel automations need the automations permission." />
      </Box>
    );
  }
  return (
    <Box p="xl" maw={1100} mx="auto">
      <PageHeader title="Funnel automations" />
      <AutomationList
        scope={{ archived: false, funnelId }}
        workflowPath={(id) =>
          kind === 'wfunnel' ? `/wfunnel/${funnelId}/automations/v2/${id}` : `/automations/${id}`
        }
      />
    </Box>
  );
}

function AutomationList({
  scope,
  workflowPath,
}: {
  scope: AutomationListScope;
  workflowPath: (id: number) => string;
}) {
  const list = useAutomations(scope);
  const { canWrite } = useAutomationsAccess();
  const [creating, setCreating] = useState(false);
  const restore = useRestoreAutomation();
  const funnels = useFunnelPage(false, { page: 1, folderId: null, query: '' });
  const funnelName = (id: number | null) =>
    id === null ? 'Global' : (funnels.data?.data.find((f) => f.id === id)?.name ?? `Funnel ${id}`);
  const rows = list.data ?? [];

  return (
    <>
      {!scope.archived && (
        <Group justify="flex-end" mb="sm">
          <LockedButton
            locked={!canWrite}
            leftSection={<IconPlus size={16} />}
            onClick={() => setCreating(true)}
          >
            Create automation
          </LockedButton>
        </Group>
      )}
      <ListCard
        list={list}
        label="Automations"
        columns={[
          { key: 'name', children: 'Name' },
          { key: 'trigger', children: 'Trigger' },
          { key: 'funnel', children: 'Funnel' },
          { key: 'status', children: 'Status' },
          { key: 'actions', children: '', w: 180 },
        ]}
        empty={rows.length === 0}
        emptyText={scope.archived ? 'No archived automations.' : 'No automations yet.'}
        skeletonHeight={200}
      >
        {rows.map((automation: Automation) => (
          <Table.Tr key={automation.id}>
            <Table.Td>
              {scope.archived ? (
                <Text size="sm">{automation.name}</Text>
              ) : (
                <Text component={Link} to={workflowPath(automation.id)} size="sm" fw={600} c="blue">
                  {automation.name}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{triggerLabel(automation.trigger.id)}</Table.Td>
            <Table.Td>{funnelName(automation.funnel_id)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_COLORS[automation.status]}>
                {automation.status}
              </Badge>
            </Table.Td>
            <Table.Td>
              {scope.archived ? (
                <LockedButton
                  locked={!canWrite}
                  size="compact-sm"
                  variant="default"
                  loading={restore.isPending && restore.variables === automation.id}
                  onClick={() => restore.mutate(automation.id)}
                >
                  Restore
                </LockedButton>
              ) : (
                <Button
                  component={Link}
                  to={`${workflowPath(automation.id)}?tab=runs`}
                  size="compact-sm"
                  variant="subtle"
                >
                  Runs
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </ListCard>
      <CreateAutomationPopup
        opened={creating}
        onClose={() => setCreating(false)}
        funnelId={scope.funnelId}
        workflowPath={workflowPath}
      />
    </>
  );
}
