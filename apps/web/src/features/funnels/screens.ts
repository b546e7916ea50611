export { FunnelLayout } from './routes/funnel-layout/funnel-layout.tsx';
export { FunnelOverviewScreen } from './routes/funnel-overview/funnel-overview-screen.tsx';
export { FunnelSettingsScreen } from './routes/funnel-settings/funnel-settings-screen.tsx';
export { FunnelStepsScreen } from './routes/funnel-steps/funnel-steps-screen.tsx';
export { StepProductScreen, StepScreen } from './routes/step/step-screen.tsx';
export { StepSettingsScreen } from './routes/step-settings/step-settings-screen.tsx';
