export { AppConnectRedirectScreen } from './routes/app-connect-redirect/app-connect-redirect-screen.tsx';
export { AppDetailsScreen } from './routes/app-details/app-details-screen.tsx';
export { AppListScreen } from './routes/app-list/app-list-screen.tsx';
export { FunnelAppScreen } from './routes/funnel-app/funnel-app-screen.tsx';
