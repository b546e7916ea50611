export { IntegrationDetailsScreen } from './routes/integration-details/integration-details-screen.tsx';
export { IntegrationListScreen } from './routes/integration-list/integration-list-screen.tsx';
