import type { AutomationStep, StepPath } from './rules.ts';

/**
 * The workflow's edits of an automation's step tree, as pure functions: each returns a new tree and
 * leaves the given one alone. A path is the domain's `StepPath` — indexes into lists, with 'yes'/'no'
 * into a condition's branches: `[2, 'yes', 0]` is the first step of the Yes branch of the third step.
 * An insert path may point one past the end of its list (append); a path into nothing is an error.
 */

function withList(
  steps: AutomationStep[],
  path: StepPath,
  change: (list: AutomationStep[], index: number) => AutomationStep[],
): AutomationStep[] {
  const [head, branch, ...rest] = path;
  if (typeof head !== 'number') throw new Error(`not a step path: ${path.join('/')}`);
  if (branch === undefined) return change(steps, head);
  const step = steps[head];
  if (step?.type !== 'condition' || (branch !== 'yes' && branch !== 'no')) {
    throw new Error(`no condition branch at ${path.join('/')}`);
  }
  const copy = steps.slice();
  copy[head] = { ...step, [branch]: withList(step[branch], rest, change) };
  return copy;
}

/** The tree with `step` placed at `path`, the steps from there on moved down one. */
export function insertStep(steps: AutomationStep[], path: StepPath, step: AutomationStep): AutomationStep[] {
  return withList(steps, path, (list, index) => {
    if (index < 0 || index > list.length) throw new Error(`no place ${index} in a list of ${list.length}`);
    return [...list.slice(0, index), step, ...list.slice(index)];
  });
}

/** The tree without the step at `path` (a condition goes with both its branches). */
export function removeStep(steps: AutomationStep[], path: StepPath): AutomationStep[] {
  return withList(steps, path, (list, index) => {
    if (index < 0 || index >= list.length) throw new Error(`no step ${index} in a list of ${list.length}`);
    return [...list.slice(0, index), ...list.slice(index + 1)];
  });
}

/**
 * The tree with the step at `path` replaced. A condition edited into a condition keeps its branches
 * (the popup edits only its filter conditions).
 */
export function replaceStep(steps: AutomationStep[], path: StepPath, step: AutomationStep): AutomationStep[] {
  return withList(steps, path, (list, index) => {
    const old = list[index];
    if (old === undefined) throw new Error(`no step ${index} in a list of ${list.length}`);
    const next =
      old.type === 'condition' && step.type === 'condition' ? { ...step, yes: old.yes, no: old.no } : step;
    return list.map((s, i) => (i === index ? next : s));
  });
}

/**
 * The tree with the step at `path` moved one place up (-1) or down (+1) in its own list (Move up and Move
 * down, the keyboard's way to reorder), or null where it cannot go: past either end of the list, and never
 * with an "End automation", which stays last.
 */
export function moveStep(steps: AutomationStep[], path: StepPath, delta: -1 | 1): AutomationStep[] | null {
  let moved = false;
  const tree = withList(steps, path, (list, index) => {
    const other = index + delta;
    const step = list[index];
    const swapped = list[other];
    if (!step || !swapped || step.type === 'end' || swapped.type === 'end') return list;
    moved = true;
    const copy = list.slice();
    copy[index] = swapped;
    copy[other] = step;
    return copy;
  });
  return moved ? tree : null;
}

/** The list the last index of `path` points into (the top list, or a condition's branch), if there is one. */
export function stepListAt(steps: AutomationStep[], path: StepPath): AutomationStep[] | undefined {
  const [head, branch, ...rest] = path;
  if (branch === undefined) return steps;
  const step = typeof head === 'number' ? steps[head] : undefined;
  if (step?.type !== 'condition' || (branch !== 'yes' && branch !== 'no')) return undefined;
  return stepListAt(step[branch], rest);
}

/** Whether a list ends with an "End automation": nothing can follow it. */
export const endsList = (list: AutomationStep[]) => list[list.length - 1]?.type === 'end';

/** How many steps the tree holds, branches included ("Activation needs ≥1 step" counts the top list). */
export function countSteps(steps: AutomationStep[]): number {
  return steps.reduce(
    (sum, step) => sum + 1 + (step.type === 'condition' ? countSteps(step.yes) + countSteps(step.no) : 0),
    0,
  );
}

/**
 * Whether two step trees say the same, whatever order their keys come in: the API answers the saved
 * steps as the database's jsonb keeps them (keys sorted by length), a popup writes them in its own order.
 */
export function sameSteps(a: AutomationStep[], b: AutomationStep[]): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

const canonicalJson = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
