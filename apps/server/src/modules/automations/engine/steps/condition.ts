import { branchPath, conditionsHold } from '@funnelwork/domain/automations/rules';
import { conditionValuesOf } from '../run-context.ts';
import type { StepKind } from '../step-kind.ts';

/** A condition: the run goes on in its yes or no branch, recorded as the step's result. */
export const conditionStep: StepKind<'condition'> = {
  sideEffect: false,
  async run({ run, key, path, step, now, context }, { state }) {
    const branch = conditionsHold(step, conditionValuesOf(await context())) ? 'yes' : 'no';
    return state.recordDone(run, key, 'condition', branchPath(run.steps, path, branch), { branch }, now);
  },
};
