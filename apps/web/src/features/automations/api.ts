import type { AutomationRun, AutomationStep, AutomationTrigger, RUN_STATUSES } from '@funnelwork/domain';
import { automationsEndpoints } from '@funnelwork/domain/api/automations';
import { emailTemplatesEndpoints } from '@funnelwork/domain/api/email-templates';
import { useQuery } from '@tanstack/react-query';
import { callOrThrow, type SentDataOf } from '../../shared/api-client.ts';
import { useApiMutation } from '../../shared/use-api-mutation.ts';

export type RunStatus = (typeof RUN_STATUSES)[number];
/** A run as the history lists it (its steps come with the run itself). */
export type RunSummary = Omit<AutomationRun, 'steps'>;
export type { AutomationTrigger };

/** Which automations a list shows: the active or archived ones, optionally of one funnel or global. */
export type AutomationListScope = { archived: boolean; funnelId?: number; global?: boolean };

/** The run history refreshes on its own while runs wait and send. */
const RUNS_REFRESH_MS = 3_000;
const STATS_REFRESH_MS = 30_000;

export const automationKeys = {
  all: ['automations'] as const,
  list: (scope: AutomationListScope) => ['automations', 'list', scope] as const,
  one: (id: number) => ['automations', 'one', id] as const,
  runs: (id: number, status: RunStatus | null) => ['automations', 'runs', id, status] as const,
  allRuns: (id: number) => ['automations', 'runs', id] as const,
  run: (runId: number) => ['automations', 'run', runId] as const,
  // Outside 'automations': no write changes the counts, and a delete's refetch would ask for a 404.
  emailStats: (id: number) => ['automation-email-stats', id] as const,
  templates: (userId: number) => ['email-editor', 'templates', userId] as const,
  shared: ['email-editor', 'shared'] as const,
};

export function useAutomations(scope: AutomationListScope) {
  return useQuery({
    queryKey: automationKeys.list(scope),
    queryFn: async () => {
      const list = await callOrThrow(automationsEndpoints.listAutomations, {
        query: { archived: String(scope.archived), funnel_id: scope.funnelId },
      });
      return scope.global ? list.filter((a) => a.funnel_id === null) : list;
    },
  });
}

export function useAutomation(id: number) {
  return useQuery({
    queryKey: automationKeys.one(id),
    queryFn: () => callOrThrow(automationsEndpoints.getAutomation, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useAutomationRuns(id: number, status: RunStatus | null) {
  return useQuery({
    queryKey: automationKeys.runs(id, status),
    queryFn: () =>
      callOrThrow(automationsEndpoints.listAutomationRuns, {
        params: { id },
        query: { status: status ?? undefined },
      }),
    refetchInterval: RUNS_REFRESH_MS,
  });
}

/** One run with its steps, fetched while it is expanded in the history. */
export function useAutomationRun(runId: number, enabled: boolean) {
  return useQuery({
    queryKey: automationKeys.run(runId),
    queryFn: () => callOrThrow(automationsEndpoints.getAutomationRun, { params: { id: runId } }),
    enabled,
    refetchInterval: RUNS_REFRESH_MS,
  });
}

/** Sent, opened and clicked per send-e-mail step (by path key; bots' prefetches never counted). */
export function useAutomationEmailStats(id: number) {
  return useQuery({
    queryKey: automationKeys.emailStats(id),
    queryFn: () => callOrThrow(automationsEndpoints.listAutomationEmailStats, { params: { id } }),
    // Opens and clicks arrive while the workflow is open: fresh on each visit, then every 30 s.
    staleTime: 0,
    refetchInterval: STATS_REFRESH_MS,
  });
}

/** The member's own e-mail templates, for the send-e-mail action. */
export function useEmailTemplates(userId: number) {
  return useQuery({
    queryKey: automationKeys.templates(userId),
    queryFn: () => callOrThrow(emailTemplatesEndpoints.listUserEmailTemplates, { params: { userId } }),
  });
}

export function useSharedEmailTemplates() {
  return useQuery({
    queryKey: automationKeys.shared,
    queryFn: () => callOrThrow(emailTemplatesEndpoints.getEmailTemplatesShared),
  });
}

/* Writes */

export type NewAutomation = SentDataOf<typeof automationsEndpoints.createAutomation>;

export function useCreateAutomation() {
  return useApiMutation({
    mutationFn: (data: NewAutomation) =>
      callOrThrow(automationsEndpoints.createAutomation, { body: { data } }),
    invalidates: [automationKeys.all],
    success: () => 'Automation created',
  });
}

/** The automations to start from (spec §7.4 "templates"). */
export function useAutomationTemplates() {
  return useQuery({
    queryKey: ['automations', 'templates'] as const,
    queryFn: () => callOrThrow(automationsEndpoints.listAutomationTemplates),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Starts a draft from a template; its e-mails' designs become the member's own templates. */
export function useCreateFromTemplate() {
  return useApiMutation({
    mutationFn: (data: { template_id: string; funnel_id: number | null }) =>
      callOrThrow(automationsEndpoints.createAutomationsFromTemplate, { body: { data } }),
    invalidates: [automationKeys.all, ['email-editor']],
    success: () => 'Automation created from the template',
  });
}

/** Save: the steps (and name or trigger) as a new version; runs in flight keep theirs. */
export function useSaveAutomation(id: number) {
  return useApiMutation({
    mutationFn: (data: { name?: string; trigger?: AutomationTrigger; steps?: AutomationStep[] }) =>
      callOrThrow(automationsEndpoints.updateAutomation, { params: { id }, body: { data } }),
    invalidates: [automationKeys.all],
    success: () => 'Automation saved',
  });
}

const AUTOMATION_ACTIONS = {
  activate: automationsEndpoints.activateAutomation,
  deactivate: automationsEndpoints.deactivateAutomation,
  archive: automationsEndpoints.archiveAutomation,
  restore: automationsEndpoints.restoreAutomation,
};
type AutomationAction = keyof typeof AUTOMATION_ACTIONS;
const ACTION_NOTICES: Record<AutomationAction, string> = {
  activate: 'Automation activated',
  deactivate: 'Automation deactivated',
  archive: 'Automation archived',
  restore: 'Automation restored',
};

function useAutomationAction(action: AutomationAction) {
  return useApiMutation({
    mutationFn: (id: number) => callOrThrow(AUTOMATION_ACTIONS[action], { params: { id } }),
    invalidates: [automationKeys.all],
    success: () => ACTION_NOTICES[action],
    failure: (error) => error.message,
  });
}

export const useActivateAutomation = () => useAutomationAction('activate');
export const useDeactivateAutomation = () => useAutomationAction('deactivate');
export const useArchiveAutomation = () => useAutomationAction('archive');
export const useRestoreAutomation = () => useAutomationAction('restore');

export function useDeleteAutomation() {
  return useApiMutation({
    mutationFn: (automation: { id: number }) =>
      callOrThrow(automationsEndpoints.deleteAutomation, { params: { id: automation.id } }),
    invalidates: [automationKeys.all],
    success: () => 'Automation deleted',
  });
}

/** Retry a failed run from its failed step, or cancel a running or waiting one. */
function useRunAction(action: 'retry' | 'cancel') {
  return useApiMutation({
    mutationFn: (runId: number) =>
      callOrThrow(
        action === 'retry'
          ? automationsEndpoints.retryAutomationRun
          : automationsEndpoints.cancelAutomationRun,
        { params: { id: runId } },
      ),
    invalidates: [automationKeys.all],
    success: () => (action === 'retry' ? 'Run retried' : 'Run cancelled'),
    failure: (error) => error.message,
  });
}

export const useRetryRun = () => useRunAction('retry');
export const useCancelRun = () => useRunAction('cancel');

/** "Start from a shared template": the member's own copy of a shared design, to open in the editor. */
export function useTemplateFromShared(userId: number) {
  return useApiMutation({
    mutationFn: (sharedId: string) =>
      callOrThrow(emailTemplatesEndpoints.createUserEmailTemplatesFromShared, {
        params: { userId },
        body: { data: { shared_id: sharedId } },
      }),
    invalidates: [automationKeys.templates(userId)],
  });
}
