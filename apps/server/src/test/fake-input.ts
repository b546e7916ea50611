import { faker } from '@faker-js/faker';
import type { z } from 'zod';
import { fake, setFaker } from 'zod-schema-faker/v4';

setFaker(faker);

/** A value the schema accepts, generated from the schema itself (retried until it parses). */
export function validInputFor(schema: unknown): unknown {
  const zodSchema = schema as z.ZodType;
  for (let attempt = 0; attempt < 50; attempt++) {
    const value = fake(zodSchema as never);
    if (zodSchema.safeParse(value).success) return value;
  }
  throw new Error('could not generate a valid input for a route schema');
}
