import {
  type AutomationEmailStat,
  type AutomationStep,
  pathKey,
  type StepPath,
  stepAt,
} from '@funnelwork/domain';

/**
 * The counts a send-e-mail step of the draft shows. The server counts by path, so they belong to the
 * saved version's step at that place: a draft step shows them only while the saved one there is a
 * send-e-mail of the same template (an inserted or removed step above would move them elsewhere).
 * A saved e-mail step that never sent shows zeros.
 */
export function stepEmailStats(
  stats: readonly AutomationEmailStat[] | undefined,
  saved: AutomationStep[],
  path: StepPath,
  step: AutomationStep,
): AutomationEmailStat | undefined {
  if (!stats || step.type !== 'send_email') return undefined;
  const savedStep = stepAt(saved, path);
  if (savedStep?.type !== 'send_email' || savedStep.email_template_id !== step.email_template_id) {
    return undefined;
  }
  const key = pathKey(path);
  return stats.find((s) => s.path === key) ?? { path: key, sent: 0, opened: 0, clicked: 0 };
}

/** A share of the sent messages as a whole percent ('50%'), or '–' before anything is sent. */
export const sharePercent = (part: number, sent: number) =>
  sent === 0 ? '–' : `${Math.round((part / sent) * 100)}%`;
