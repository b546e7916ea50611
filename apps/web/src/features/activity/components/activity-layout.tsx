import { Grid } from '@mantine/core';
import { Outlet } from 'react-router';
import { ActivityPanel } from './activity-panel.tsx';

/** "The dashboard and help screens show the Activity side panel": the screen, with the panel beside it. */
export function ActivityLayout() {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 8, xl: 8.5 }}>
        <Outlet />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4, xl: 3.5 }}>
        <ActivityPanel />
      </Grid.Col>
    </Grid>
  );
}
