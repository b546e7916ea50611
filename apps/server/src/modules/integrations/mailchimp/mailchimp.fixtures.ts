import { createHash } from 'node:crypto';
import { type FakeAnswer, type FakeRequest, startFakeApi } from '../fake-api.fixtures.ts';

export const MAILCHIMP_GOOD_KEY = '0123456789abcdef0123456789abcdef-us21';
export const MAILCHIMP_OTHER_KEY = 'fedcba9876543210fedcba9876543210-us21';

type Member = {
  id: string;
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
  tags: string[];
};
type List = { id: string; name: string; members: Map<string, Member> };

const problem = (status: number, title: string, detail: string, errors?: Array<Record<string, string>>) => ({
  status,
  body: {
    type: 'https://mailchimp.com/developer/marketing/docs/errors/',
    title,
    status,
    detail,
    instance: `fake-${Math.random().toString(16).slice(2)}`,
    ...(errors ? { errors } : {}),
  },
});

const MERGE_TAGS = new Set(['FNAME', 'LNAME', 'PHONE', 'ADDRESS', 'BIRTHDAY']);

/**
 * A local stand-in for the Mailchimp Marketing API v3 endpoints the adapter calls: GET /3.0/ping,
 * GET /3.0/lists, PUT /3.0/lists/{id}/members/{md5} and POST …/tags, with Basic auth and Mailchimp's
 * problem-details errors. Audience `ratelimited` answers 429; addresses at fake.test "look fake";
 * `forgotten@…` was permanently deleted (a 400 that is not "Invalid Resource"). `failNext` holds
 * statuses (429, 503 …) answered, in order, to the next authorised requests before any is handled.
 */
export async function startFakeMailchimp(port = 0) {
  /** The keys the fake accepts: delete one to revoke it. */
  const validKeys = new Set([MAILCHIMP_GOOD_KEY]);
  const failNext: number[] = [];
  const lists = new Map<string, List>([
    ['a1b2c3d4e5', { id: 'a1b2c3d4e5', name: 'Newsletter', members: new Map() }],
    ['f6e7d8c9b0', { id: 'f6e7d8c9b0', name: 'Customers', members: new Map() }],
    ['ratelimited', { id: 'ratelimited', name: 'Busy', members: new Map() }],
  ]);

  function handle(request: FakeRequest): FakeAnswer {
    const auth = String(request.headers.authorization ?? '');
    const password = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':').slice(1).join(':')
      : '';
    if (!validKeys.has(password)) {
      return problem(
        401,
        'API Key Invalid',
        "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
      );
    }
    const failure = failNext.shift();
    if (failure === 429) {
      return problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.');
    }
    if (failure !== undefined) return problem(failure, 'Internal Server Error', 'Something went wrong.');
    const path = request.path;
    if (request.method === 'GET' && path === '/3.0/ping') {
      return { status: 200, body: { health_status: "Everything's Chimpy!" } };
    }
    if (request.method === 'GET' && path === '/3.0/lists') {
      const count = Number(request.query.get('count') ?? 10);
      const offset = Number(request.query.get('offset') ?? 0);
      const all = [...lists.values()];
      return {
        status: 200,
        body: {
          lists: all.slice(offset, offset + count).map((list) => ({
            id: list.id,
            name: list.name,
            stats: { member_count: list.members.size },
          })),
          total_items: all.length,
        },
      };
    }
    const member = /^\/3\.0\/lists\/([^/]+)\/members\/([^/]+)(\/tags)?$/.exec(path);
    if (!member) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    const [, listId = '', hash = '', tags] = member;
    const list = lists.get(listId);
    if (!list) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
    if (listId === 'ratelimited') {
      return problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.');
    }
    if (request.method === 'PUT' && !tags) {
      const body = (request.json ?? {}) as {
        email_address?: string;
        status_if_new?: string;
        merge_fields?: Record<string, string>;
      };
      const email = (body.email_address ?? '').trim();
      if (!email) {
        return problem(
          400,
          'Invalid Resource',
          "The resource submitted could not be validated. For field-specific details, see the 'errors' array.",
          [{ field: 'email_address', message: 'This value should not be blank.' }],
        );
      }
      if (email.endsWith('@fake.test')) {
        return problem(
          400,
          'Invalid Resource',
          `${email} looks fake or invalid, please enter a real email address.`,
        );
      }
      if (email.startsWith('forgotten@')) {
        return problem(
          400,
          'Forgotten Email Not Subscribed',
          `${email} was permanently deleted and cannot be re-imported. The contact must re-subscribe to get back on the list.`,
        );
      }
      if (createHash('md5').update(email.toLowerCase()).digest('hex') !== hash) {
        return problem(400, 'Invalid Resource', 'The subscriber hash does not match the email address.');
      }
      const unknown = Object.keys(body.merge_fields ?? {}).find((tag) => !MERGE_TAGS.has(tag));
      if (unknown) {
        return problem(400, 'Invalid Resource', 'Your merge fields were invalid.', [
          { field: `merge_fields.${unknown}`, message: 'This merge field does not exist in the audience.' },
        ]);
      }
      const existing = list.members.get(hash);
      const next: Member = existing
        ? { ...existing, merge_fields: { ...existing.merge_fields, ...body.merge_fields } }
        : {
            id: hash,
            email_address: email,
            status: body.status_if_new ?? 'subscribed',
            merge_fields: { ...body.merge_fields },
            tags: [],
          };
      list.members.set(hash, next);
      return {
        status: 200,
        body: {
          ...next,
          list_id: list.id,
          tags: next.tags.map((name, id) => ({ id, name })),
        },
      };
    }
    if (request.method === 'POST' && tags) {
      const found = list.members.get(hash);
      if (!found) return problem(404, 'Resource Not Found', 'The requested resource could not be found.');
      const body = (request.json ?? {}) as { tags?: Array<{ name: string; status: string }> };
      for (const tag of body.tags ?? []) {
        if (tag.status === 'active' && !found.tags.includes(tag.name)) found.tags.push(tag.name);
        if (tag.status === 'inactive') found.tags = found.tags.filter((name) => name !== tag.name);
      }
      return { status: 204 };
    }
    return problem(405, 'Method Not Allowed', 'The requested method and resource are not compatible.');
  }

  const server = await startFakeApi(handle, port);
  return { ...server, lists, validKeys, failNext };
}
