import {
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Loader,
  NavLink as MantineNavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconAppWindow,
  IconArrowLeft,
  IconChartBar,
  IconLayoutDashboard,
  IconLock,
  IconReceipt,
  IconRobot,
  IconSettings,
} from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { FullPageLoader } from '../../../../app/layouts/full-page-loader.tsx';
import { ErrorBox } from '../../../../shared/error-box.tsx';
import { useFunnelAccess } from '../../access.ts';
import { type FunnelKind, useFunnel } from '../../api.ts';
import { StepSidebar } from '../../components/step-sidebar.tsx';
import { funnelKindLabel } from '../../funnel-kinds.ts';
import classes from './funnel-layout.module.css';

/** Spec §8: "Funnel fails to load: 'Unable to load page'". */
export const FUNNEL_LOAD_ERROR = 'Unable to load page';

export const useFunnelId = () => Number(useParams().id);
/** The kind from the route: /wfunnel/… is the second kind, /funnel/… the classic one. */
export const useFunnelKind = (): FunnelKind =>
  useLocation().pathname.startsWith('/wfunnel/') ? 'wfunnel' : 'funnel';

type Section = { to: string; label: string; icon: typeof IconSettings; locked?: boolean };

/** The funnel's own screens beside its step sidebar (layout "steps"). */
export function FunnelLayout() {
  const kind = useFunnelKind();
  const id = useFunnelId();
  const access = useFunnelAccess();
  const funnel = useFunnel(id);

  if (funnel.isError) {
    return (
      <Box p="xl" maw={720} mx="auto">
        <ErrorBox
          title={FUNNEL_LOAD_ERROR}
          message={funnel.error.message}
          back={{ to: '/funnels', label: 'Back to funnels' }}
        />
      </Box>
    );
  }

  const sections: Section[] = [
    { to: 'overview', label: 'Overview', icon: IconLayoutDashboard },
    // "Funnel apps and settings links are locked without funnels permission."
    { to: 'settings', label: 'Settings', icon: IconSettings, locked: !access.funnels },
    { to: 'orders', label: 'Orders', icon: IconReceipt },
    { to: kind === 'wfunnel' ? 'analytics-v2' : 'analytics', label: 'Analytics', icon: IconChartBar },
    { to: 'apps/tracking-pixels', label: 'Apps', icon: IconAppWindow, locked: !access.funnels },
    // "funnel automations are locked without automations permission."
    {
      to: kind === 'wfunnel' ? 'automations/v2' : `/automations?funnel_id=${id}`,
      label: 'Automations',
      icon: IconRobot,
      locked: !access.automations,
    },
  ];

  return (
    <div className={classes.shell}>
      <aside className={classes.sidebar} aria-label="Funnel">
        <ScrollArea h="100%" type="auto">
          <Stack gap="md" p="md">
            <Button
              component={Link}
              to="/funnels"
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconArrowLeft size={14} />}
              w="fit-content"
              px={4}
            >
              All funnels
            </Button>
            <div>
              {funnel.data ? (
                <>
                  <Text fw={700} size="lg" lh={1.25} data-testid="funnel-name">
                    {funnel.data.name}
                  </Text>
                  <Group gap={6} mt={4}>
                    <Badge
                      size="xs"
                      variant="light"
                      color={funnel.data.funnel_type === 1 ? 'indigo' : 'gray'}
                    >
                      {funnelKindLabel(funnel.data.funnel_type)}
                    </Badge>
                    {funnel.data.is_sub_funnel && (
                      <Badge size="xs" variant="light" color="teal">
                        Geo-funnel
                      </Badge>
                    )}
                  </Group>
                </>
              ) : (
                <Loader size="sm" />
              )}
            </div>
            <nav aria-label="Funnel sections">
              <Stack gap={2}>
                {sections.map((section) =>
                  section.locked ? (
                    <Tooltip key={section.label} label="Access denied" position="right">
                      <MantineNavLink
                        component="button"
                        label={section.label}
                        leftSection={<section.icon size={16} />}
                        rightSection={<IconLock size={14} />}
                        aria-disabled
                        c="dimmed"
                        className={classes.navItem}
                      />
                    </Tooltip>
                  ) : (
                    <MantineNavLink
                      key={section.label}
                      component={NavLink}
                      to={section.to.startsWith('/') ? section.to : `/${kind}/${id}/${section.to}`}
                      label={section.label}
                      leftSection={<section.icon size={16} />}
                      className={classes.navItem}
                    />
                  ),
                )}
              </Stack>
            </nav>
            <Divider />
            <StepSidebar kind={kind} funnelId={id} canEdit={access.editor} />
          </Stack>
        </ScrollArea>
      </aside>
      <main className={classes.main}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
