import { faker } from '@faker-js/faker';
import type { z } from 'zod';
import { fake, setFaker } from 'zod-schema-faker/v4';

setFaker(faker);

/**
 * A value the schema accepts, generated from the schema itself (retried until it parses). The faker
 * cannot walk some schemas (optional query parameters piped through transforms): for those an empty
 * object is used when the schema takes one (every parameter optional).
 */
export function validInputFor(schema: unknown): unknown {
  const zodSchema = schema as z.ZodType;
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
