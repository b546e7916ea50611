import { createAutomationBodySchema, patchAutomationBodySchema } from '@funnelwork/domain';
import { expect, it } from 'vitest';
import { validInputFor } from './fake-input.ts';

// The route sweeps (tenancy, bad input) fake every body; a recursive schema walked at random once hung
// the PostgreSQL run of the tenancy walk for good.
it('fakes a valid automation body (a recursive step tree) every time, and returns', () => {
  for (let i = 0; i < 200; i++) {
    expect(createAutomationBodySchema.safeParse(validInputFor(createAutomationBodySchema)).success).toBe(
      true,
    );
    expect(patchAutomationBodySchema.safeParse(validInputFor(patchAutomationBodySchema)).success).toBe(true);
  }
});
