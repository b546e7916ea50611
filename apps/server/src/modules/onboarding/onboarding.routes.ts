import { checklistAnswerSchema } from '@funnelwork/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import type { OnboardingService } from './onboarding.service.ts';

export function onboardingRoutes(app: FastifyInstance, { onboarding }: { onboarding: OnboardingService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/onboarding/checklist',
      { schema: { tags: ['onboarding'], response: { 200: checklistAnswerSchema } } },
      async (request) => ({ data: await onboarding.checklist(accountIdOf(request)) }),
    );
}
