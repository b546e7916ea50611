import { PAGE_VIEW_MINUTES } from '@funnelwork/domain/rules';
import {
  Avatar,
  Box,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../../shared/error-box.tsx';
import { lazyComponent } from '../../../shared/lazy-component.ts';
import { fromNow } from '../../../shared/relative-time.ts';
import { WhenVisible } from '../../../shared/when-visible.tsx';
import { activityPerson, activityText, pageViewBars, totalViews } from '../activity-text.ts';
import { useRecentViews } from '../api.ts';
import classes from './activity-panel.module.css';

// The charts library loads after the panel's text, once the chart's box (its height: no shift) is in view.
const PageViewsChart = lazyComponent(async () => (await import('./page-views-chart.tsx')).PageViewsChart);

const EVENT_COLORS: Record<number, string> = {
  2: 'teal',
  3: 'indigo',
  9: 'orange',
  10: 'yellow',
  11: 'grape',
};

/**
 * The Activity side panel (spec §2): active visitors now, page views per minute over the latest
 * 24 minutes and recent activity; an item with a customer opens /customers?id={customer_id}.
 */
export function ActivityPanel() {
  const views = useRecentViews();
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="lg" p="lg" component="aside" aria-label="Activity">
      <Group justify="space-between" mb="md">
        <Group gap={8}>
          <span className={classes.live} aria-hidden />
          <Title order={2} fz="lg">
            Activity
          </Title>
        </Group>
        {views.dataUpdatedAt > 0 && (
          <Text size="xs" c="dimmed" data-testid="activity-updated">
            {`Updated ${dayjs(views.dataUpdatedAt).format('HH:mm:ss')}`}
          </Text>
        )}
      </Group>
      {views.isPending && <Skeleton h={320} radius="md" />}
      {views.isError && !views.data && <ErrorBox message={views.error.message} />}
      {views.data && (
        <Stack gap="md">
          <Group grow>
            <Box>
              <Text size="xs" c="dimmed" fw={500}>
                Active visitors now
              </Text>
              <Text fz={30} fw={700} lh={1.2} data-testid="visitors-count">
                {views.data.visitors_count}
              </Text>
            </Box>
            <Box>
              <Text size="xs" c="dimmed" fw={500}>
                Page views
              </Text>
              <Text fz={30} fw={700} lh={1.2}>
                {totalViews(views.data.page_views.slice(-PAGE_VIEW_MINUTES))}
              </Text>
            </Box>
          </Group>
          <Box>
            <Text size="xs" c="dimmed" mb={6}>
              {`Page views per minute · latest ${PAGE_VIEW_MINUTES} minutes`}
            </Text>
            <WhenVisible h={120} preload={PageViewsChart.preload}>
              <PageViewsChart data={pageViewBars(views.data.page_views, PAGE_VIEW_MINUTES)} />
            </WhenVisible>
          </Box>
          <Divider />
          <Box>
            <Text size="sm" fw={600} mb={4}>
              Recent activity
            </Text>
            {views.data.recent_activity.length === 0 ? (
              <Text size="sm" c="dimmed" py="md" ta="center">
                No activity yet. Visits, opt-ins and purchases appear here as they happen.
              </Text>
            ) : (
              <Stack
                gap={0}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label="Recent activity"
              >
                {views.data.recent_activity.map((item) => {
                  const person = activityPerson(item);
                  const body = (
                    <>
                      <Avatar
                        size={32}
                        radius="xl"
                        color={EVENT_COLORS[item.event_id] ?? 'gray'}
                        name={person}
                      />
                      <Box miw={0} style={{ flex: 1 }}>
                        <Text size="sm" fw={500} truncate>
                          {person}
                        </Text>
                        {/* Wraps rather than cutting the amount to '$2…' in the narrow panel. */}
                        <Text size="xs" c="dimmed">
                          {activityText(item)}
                        </Text>
                      </Box>
                      <Tooltip label={dayjs.unix(item.time).format('DD MMM YYYY, HH:mm:ss')} withArrow>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {fromNow(item.time * 1000)}
                        </Text>
                      </Tooltip>
                    </>
                  );
                  const customerId = item.customer_id;
                  return (
                    <li key={`${item.time}-${item.event_id}-${item.optin_email}`}>
                      {customerId === null ? (
                        <div className={classes.item}>{body}</div>
                      ) : (
                        <UnstyledButton
                          className={`${classes.item} ${classes.clickable}`}
                          onClick={() => navigate(`/customers?id=${customerId}`)}
                        >
                          {body}
                        </UnstyledButton>
                      )}
                    </li>
                  );
                })}
              </Stack>
            )}
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
