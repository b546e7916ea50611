import { faker } from '@faker-js/faker';
import {
  createAutomationBodySchema,
  patchAutomationBodySchema,
  splitSharesBodySchema,
} from '@funnelwork/domain';
import {
  automationEntriesBodySchema,
  automationEntryBodySchema,
} from '@funnelwork/domain/automations/entries';
import type { z } from 'zod';
import { fake, setFaker } from 'zod-schema-faker/v4';

setFaker(faker);

/**
 * Bodies the faker must not walk: an automation's steps are a recursive tree (conditions hold lists of
 * steps), and a random walk draws trees of astronomical size and never returns. These give a valid
 * value of their own, with a condition so the tree is exercised.
 */
const KNOWN: ReadonlyMap<unknown, () => unknown> = new Map<unknown, () => unknown>([
  [
    createAutomationBodySchema,
    () => ({
      data: {
        name: faker.lorem.words(2),
        trigger: { id: 'purchase' },
        steps: [
          { type: 'wait', mode: 'delay', amount: 1, unit: 'hours' },
          {
            type: 'condition',
            match: 'all',
            conditions: [{ key: 'customer_email', operand: 'LIKE', value: '@' }],
            yes: [{ type: 'end' }],
            no: [],
          },
        ],
      },
    }),
  ],
  [patchAutomationBodySchema, () => ({ data: { name: faker.lorem.words(2), steps: [{ type: 'end' }] } })],
  [automationEntryBodySchema, () => ({ data: { path: '0', step: { type: 'end' } } })],
  [automationEntriesBodySchema, () => ({ data: { steps: [{ type: 'end' }] } })],
  // Random shares almost never add up to 100 (the schema's rule).
  [splitSharesBodySchema, () => ({ data: { shares: [{ page_id: 1, ab_percent: 100 }] } })],
]);

/**
 * A value the schema accepts, generated from the schema itself (retried until it parses). The faker
 * cannot walk some schemas (optional query parameters piped through transforms): for those an empty
 * object is used when the schema takes one (every parameter optional).
 */
export function validInputFor(schema: unknown): unknown {
  const zodSchema = schema as z.ZodType;
  const known = KNOWN.get(schema);
  if (known) return known();
  for (let attempt = 0; attempt < 50; attempt++) {
    let value: unknown;
    try {
      value = fake(zodSchema as never);
    } catch {
      break;
    }
    if (zodSchema.safeParse(value).success) return value;
  }
  if (zodSchema.safeParse({}).success) return {};
  throw new Error('could not generate a valid input for a route schema');
}

/**
 * A query string the route takes: empty when every parameter is optional (the sweeps test ids in the
 * path, and a random parameter value, such as a start after the end, would only add chance), else one
 * generated like any input.
 */
export function validQueryFor(schema: unknown): Record<string, string> {
  if ((schema as z.ZodType).safeParse({}).success) return {};
  return Object.fromEntries(
    Object.entries(validInputFor(schema) as Record<string, unknown>)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}
