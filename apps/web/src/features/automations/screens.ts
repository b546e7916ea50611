export {
  ArchivedAutomationsScreen,
  AutomationListScreen,
  FunnelAutomationsScreen,
  GlobalAutomationsScreen,
} from './routes/automation-list/automation-list-screen.tsx';
export { AutomationWorkflowScreen } from './routes/automation-workflow/automation-workflow-screen.tsx';
