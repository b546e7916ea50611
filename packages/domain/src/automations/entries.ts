import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { automationStepSchema } from './contracts.ts';
import { type AutomationStep, pathKey, type StepPath } from './rules.ts';

/**
 * An automation's entries (spec §7.4 "entries CRUD and update-all"): its steps one by one, each named by
 * its path key ('0', '1/yes/0'). Every change is a new version of the automation.
 */
export const stepPathKeySchema = z
  .string()
  .max(200)
  .regex(/^\d{1,2}(\/(yes|no)\/\d{1,2})*$/, 'must be a step path such as 0 or 1/yes/0');

export const automationEntrySchema = z.object({ path: z.string(), step: automationStepSchema });
export type AutomationEntry = z.infer<typeof automationEntrySchema>;
export const automationEntriesAnswerSchema = dataAnswer(z.array(automationEntrySchema));
/** Add (at a path, the steps from there move down) or change (the step at a path) one entry. */
export const automationEntryBodySchema = dataBody(
  z.object({ path: stepPathKeySchema, step: automationStepSchema }),
);
export const automationEntryQuerySchema = z.object({ path: stepPathKeySchema });
/** Update-all: every entry at once. */
export const automationEntriesBodySchema = dataBody(
  z.object({ steps: z.array(automationStepSchema).max(50) }),
);

/** The tree's entries in reading order: each step, then its Yes branch, then its No branch. */
export function entriesOf(steps: AutomationStep[], prefix: StepPath = []): AutomationEntry[] {
  return steps.flatMap((step, index) => {
    const path: StepPath = [...prefix, index];
    const own = { path: pathKey(path), step };
    if (step.type !== 'condition') return [own];
    return [own, ...entriesOf(step.yes, [...path, 'yes']), ...entriesOf(step.no, [...path, 'no'])];
  });
}
