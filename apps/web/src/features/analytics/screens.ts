export { AnalyticsScreen } from './routes/analytics/analytics-screen.tsx';
export { DashboardScreen } from './routes/dashboard/dashboard-screen.tsx';
export { FunnelAnalyticsScreen } from './routes/funnel-analytics/funnel-analytics-screen.tsx';
