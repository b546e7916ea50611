import { describe, expect, it } from 'vitest';
import { changeSubdomainBodySchema } from './contracts.ts';
import { subdomainProblem } from './subdomain.ts';

describe('subdomainProblem: the browser checks the server’s own rule before sending', () => {
  it('names each broken rule in the words the server uses, and passes a good subdomain', () => {
    expect(subdomainProblem('abc')).toBe('Subdomain must be at least 5 characters');
    expect(subdomainProblem('my_shop!')).toBe('Subdomain may hold only letters, digits and inner hyphens');
    expect(subdomainProblem('-shop-')).toBe('Subdomain may hold only letters, digits and inner hyphens');
    expect(subdomainProblem('a'.repeat(64))).toBe('Subdomain must be at most 63 characters');
    expect(subdomainProblem('  My-Shop ')).toBeUndefined();
  });

  it('agrees with the server’s schema', () => {
    for (const value of ['abc', 'my_shop!', '-shop-', 'a'.repeat(64), '  My-Shop ', 'shop42']) {
      const parsed = changeSubdomainBodySchema.safeParse({ data: { subdomain: value } });
      expect(parsed.success ? undefined : parsed.error.issues[0]?.message, value).toBe(
        subdomainProblem(value),
      );
    }
  });
});
