import type { StepKind } from '../step-kind.ts';

/** "End": the run is done. */
export const endStep: StepKind<'end'> = {
  sideEffect: false,
  run: ({ run, key, now }, { state }) => state.recordDone(run, key, 'end', null, {}, now),
};
