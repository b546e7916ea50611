import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { createTestApp, signUpOwner, type TestApp } from './harness.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
});
afterAll(() => t.close());

const oddStrings = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '"; drop table users; --',
    '../../etc/passwd',
    'null',
    'NaN',
  ),
  fc.constant('x'.repeat(200_000)),
);
const oddNumbers = fc.oneof(
  fc.constantFrom(-1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5),
  fc.integer(),
  fc.double(),
);
const badValue = fc.oneof(
  oddStrings,
  oddNumbers,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
);
/** Bodies that are wrong in shape: wrong types, missing fields, wrong nesting. */
const badBody = fc.oneof(
  badValue,
  fc.dictionary(fc.string(), badValue, { maxKeys: 4 }),
  fc.record({
    data: fc.oneof(
      badValue,
      fc.dictionary(fc.constantFrom('email', 'password', 'name', 'permissions', 'subdomain', 'tz'), badValue),
    ),
  }),
);
const badId = fc.constantFrom(
  '-1',
  '0',
  'abc',
  '1e309',
  '99999999999999999999',
  '%00',
  '1.5',
  '%F0%9F%98%80',
);

const methodsOf = (route: RouteOptions) =>
  [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

function expectErrorObject(status: number, body: string, where: string) {
  expect(status, `${where} answered ${status}: ${body.slice(0, 300)}`).toBeLessThan(500);
  if (status >= 400) {
    const parsed = JSON.parse(body);
    expect(typeof parsed.error?.message, where).toBe('string');
    expect(parsed.error.message.length, where).toBeGreaterThan(0);
    expect(body, where).not.toMatch(/\n\s+at /); // never a stack trace
  }
}

describe('bad input on every route', () => {
  it('answers a 4xx error object naming the problem, never a 5xx', async () => {
    // Sign-out would end this test's own session; it takes no input anyway.
    const routes = t.app.apiRoutes.filter((route) => route.url !== '/api/users/sign_out');
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const schema = (route.schema ?? {}) as { body?: ZodType; querystring?: ZodType; params?: ZodType };
      for (const method of methodsOf(route)) {
        await fc.assert(
          fc.asyncProperty(
            badBody,
            badId,
            fc.dictionary(fc.constantFrom('tz', 'force', 'page', 'query'), oddStrings, { maxKeys: 2 }),
            async (body, id, query) => {
              const url = route.url.replace(/:\w+/g, id);
              const params = Object.fromEntries(
                [...route.url.matchAll(/:(\w+)/g)].map((m) => [m[1], decodeURIComponent(id)]),
              );
              const rejected =
                (schema.body !== undefined && !schema.body.safeParse(body).success) ||
                (schema.params !== undefined && !schema.params.safeParse(params).success) ||
                (schema.querystring !== undefined && !schema.querystring.safeParse(query).success);
              const res = await t.app.inject({
                method,
                url,
                query,
                headers: { ...owner.auth, 'content-type': 'application/json' },
                payload: JSON.stringify(body),
              });
              const where = `${method} ${route.url}`;
              expectErrorObject(res.statusCode, res.body, where);
              // Whatever the route's own contract refuses must be refused with a 4xx.
              if (rejected)
                expect(
                  res.statusCode,
                  `${where} accepted ${JSON.stringify(body).slice(0, 200)}`,
                ).toBeGreaterThanOrEqual(400);
            },
          ),
          { numRuns: 30 },
        );
      }
    }
  }, 240_000); // every route × 30 runs: minutes on a busy 2-core machine

  it('answers malformed JSON, a wrong content type and an oversized body with 4xx error objects', async () => {
    const cases = [
      { payload: '{"data": {', contentType: 'application/json', status: 400 },
      { payload: 'data=1', contentType: 'application/x-www-form-urlencoded', status: 400 },
      { payload: 'hello', contentType: 'text/plain', status: 400 },
      { payload: '<data/>', contentType: 'application/xml', status: 415 },
      {
        payload: JSON.stringify({ data: 'x'.repeat(2_000_000) }),
        contentType: 'application/json',
        status: 413,
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/settings/staff',
        headers: { ...owner.auth, 'content-type': c.contentType },
        payload: c.payload,
      });
      expect(res.statusCode, c.contentType).toBe(c.status);
      expect(res.json().error.message.length).toBeGreaterThan(0);
    }
  });

  it('names the failing field in a validation error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { data: { email: 'not-an-email', password: 'long enough pw', first_name: 'A' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'data.email', code: 'validation_error' });
    expect(res.json().error.message).toContain('data.email');
  });
});
