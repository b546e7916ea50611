import type { Db } from '../../db/client.ts';
import { createStepsCrud } from './steps.crud.ts';
import { createStepPages } from './steps.pages.ts';
import { createStepTemplates } from './steps.templates.ts';

type Deps = { db: Db };

/**
 * The steps service: a funnel's steps (steps.crud.ts), each step's pages and split-test variants
 * (steps.pages.ts) and the account's saved step templates (steps.templates.ts).
 */
export function createStepsService({ db }: Deps) {
  return {
    ...createStepsCrud({ db }),
    ...createStepPages({ db }),
    ...createStepTemplates({ db }),
  };
}

export type StepsService = ReturnType<typeof createStepsService>;
