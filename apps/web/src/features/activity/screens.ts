export { ActivityLayout } from './components/activity-layout.tsx';
