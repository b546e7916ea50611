import { endpoints } from '@funnelwork/domain/api/endpoints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountIdOf } from '../../plugins/auth.ts';
import { schemaOf } from '../../plugins/endpoints.ts';
import type { OnboardingService } from './onboarding.service.ts';

export function onboardingRoutes(app: FastifyInstance, { onboarding }: { onboarding: OnboardingService }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/onboarding/checklist',
      { schema: schemaOf(endpoints.onboarding.getOnboardingChecklist) },
      async (request) => ({ data: await onboarding.checklist(accountIdOf(request)) }),
    );
}
