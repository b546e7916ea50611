export { ArchivedFunnelsScreen, FunnelListScreen } from './routes/funnel-list/funnel-list-screen.tsx';
