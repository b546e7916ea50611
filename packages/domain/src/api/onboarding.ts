import { checklistAnswerSchema } from '../index.ts';
import type { EndpointTable } from './endpoint.ts';

export const onboardingEndpoints = {
  getOnboardingChecklist: {
    method: 'GET',
    path: '/api/onboarding/checklist',
    answer: checklistAnswerSchema,
    summary: 'Get onboarding checklist',
    tag: 'onboarding',
  },
} as const satisfies EndpointTable;
