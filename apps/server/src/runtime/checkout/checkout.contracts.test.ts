import {
  CUSTOMER_FIELD_MAX,
  type CustomerFieldKey,
  customerFieldProblem,
  EMAIL_PATTERN,
} from '@funnelwork/domain/customers/checkout-fields';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { customerFieldsSchema } from './checkout.contracts.ts';

const ADDRESSES = [
  'shopper@example.test',
  'First.Last+tag@mail.example.co.uk',
  "o'neil@example.com",
  'not-an-email',
  'a@b',
  'a@b.c',
  'two@@example.com',
  'space in@example.com',
  '.dot@example.com',
  'dot.@example.com',
  'shopper@-example.com',
  'SHOPPER@EXAMPLE.TEST',
  ' padded@example.test ',
];

describe('the checkout customer fields: one rule for the page script and the server', () => {
  it("uses zod's own e-mail pattern", () => {
    for (const address of ADDRESSES)
      expect(EMAIL_PATTERN.test(address), address).toBe(z.email().safeParse(address).success);
  });

  it('the page refuses exactly what the server refuses, with the message the server answers', () => {
    const keys = Object.keys(CUSTOMER_FIELD_MAX) as CustomerFieldKey[];
    for (const key of keys) {
      const max = CUSTOMER_FIELD_MAX[key];
      const values =
        key === 'email'
          ? [...ADDRESSES, `${'a'.repeat(max - 13)}@example.test`, `${'a'.repeat(max - 12)}@example.test`]
          : ['', 'x', ` ${'x'.repeat(max)} `, 'x'.repeat(max + 1)];
      for (const value of values) {
        const problem = customerFieldProblem(key, value);
        const parsed = customerFieldsSchema.shape[key].safeParse(value);
        expect(problem === null, `${key}: ${value.slice(0, 20)}`).toBe(parsed.success);
        if (!parsed.success && value.trim() !== '') expect(parsed.error.issues[0]?.message).toBe(problem);
      }
    }
  });
});
