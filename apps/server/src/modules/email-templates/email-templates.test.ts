import { addSection, emptyDocument } from '@funnelwork/blocks';
import { EMAIL_TEMPLATE_NAME_REQUIRED } from '@funnelwork/domain';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates, orders } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, memberOf } from '../funnels/funnels.fixtures.ts';
import { createCustomer, createOrder } from '../orders/orders.fixtures.ts';
import { emailMjmlRefuses, emailWithParagraphs } from './email-templates.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

const emailDocument = () => {
  const added = addSection(emptyDocument('email'), { type: 'addSection' });
  if (!added.ok) throw new Error(added.error.message);
  return JSON.stringify(added.document);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

describe('user e-mail templates (spec §3 "Email template", §7.4)', () => {
  it('"Create user email template: payload userId and data (name, html, id, css, tags, config); reads id", then lists, reads, updates and deletes it', async () => {
    const config = emailDocument();
    const created = await api.post(`users/${owner.userId}/email-templates`, {
      name: 'Receipt',
      html: '<p>Thanks</p>',
      css: 'p{}',
      tags: 'receipt,order',
      config,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data;
    expect(id).toEqual(expect.any(Number));

    const list = (await api.get(`users/${owner.userId}/email-templates`)).json().data;
    expect(list).toEqual([expect.objectContaining({ id, name: 'Receipt', tags: 'receipt,order' })]);
    expect(list[0]).not.toHaveProperty('config');
    const read = (await api.get(`users/${owner.userId}/email-templates/${id}`)).json().data;
    expect(read).toMatchObject({ config, css: 'p{}' });
    // The document is the source of truth: `html` is its compile, not the HTML the client sent.
    expect(read.html).toMatch(/^<!doctype html>/i);
    expect(read.html).not.toContain('<p>Thanks</p>');

    const updated = await api.patch(`users/${owner.userId}/email-templates/${id}`, { name: 'Order receipt' });
    expect(updated.json().data.name).toBe('Order receipt');
    expect((await api.delete(`users/${owner.userId}/email-templates/${id}`)).statusCode).toBe(200);
    expect((await api.get(`users/${owner.userId}/email-templates/${id}`)).statusCode).toBe(404);
  });

  it(`"Email template name required on save: alert '${EMAIL_TEMPLATE_NAME_REQUIRED}'"`, async () => {
    const res = await api.post(`users/${owner.userId}/email-templates`, {
      name: '  ',
      config: emailDocument(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`data.name: ${EMAIL_TEMPLATE_NAME_REQUIRED}`);
  });

  it('refuses a config that is not an e-mail editor document, naming the place, and keeps the template', async () => {
    const { id } = (
      await api.post(`users/${owner.userId}/email-templates`, { name: 'Kept', config: emailDocument() })
    ).json().data;
    for (const [config, field] of [
      ['{not json', 'data.config'],
      [JSON.stringify(emptyDocument('page')), 'data.config.kind'],
      [JSON.stringify({ content: 1 }), undefined],
    ] as const) {
      const res = await api.patch(`users/${owner.userId}/email-templates/${id}`, { config });
      expect(res.statusCode).toBe(400);
      if (field) expect(res.json().error.field).toBe(field);
      else expect(res.json().error.field).toMatch(/^data\.config/);
    }
    const kept = (await api.get(`users/${owner.userId}/email-templates/${id}`)).json().data;
    expect(JSON.parse(kept.config).kind).toBe('email');
    expect(kept.name).toBe('Kept');
  });

  it("answers 404 for a user who is not a member of the account, and 403 'restricted area: access denied' to writes without the automations flag", async () => {
    const stranger = await signUpOwner(t.app);
    expect((await api.get(`users/${stranger.userId}/email-templates`)).statusCode).toBe(404);
    const member = await memberOf(t, owner, { funnels: true });
    const denied = await member.api.post(`users/${member.userId}/email-templates`, {
      name: 'X',
      config: emailDocument(),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    expect((await member.api.get(`users/${member.userId}/email-templates`)).statusCode).toBe(200);
  });
});

describe('compile on save (issue 20: "the document renders to MJML and through the mjml package")', () => {
  const stored = async (id: number) => {
    const [row] = await t.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
    if (!row) throw new Error('no row');
    return row;
  };

  it('stores the compiled e-mail with its merge tags and sets html from it, on create and on update', async () => {
    const created = await api.post(`users/${owner.userId}/email-templates`, {
      name: 'Welcome',
      html: '<p>ignored</p>',
      config: JSON.stringify(emailWithParagraphs('Hello {{first_name|there}}, welcome')),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().data;
    const row = await stored(id);
    expect(row.compiled?.html.tags).toEqual([{ name: 'first_name', fallback: 'there', url: false }]);
    expect(row.compiled?.text.parts.join('')).toContain('Hello , welcome');
    expect(row.html).toContain('Hello {{first_name|there}}, welcome');
    expect(row.html).toContain('<table');
    expect(row.html).not.toContain('ignored');

    const updated = await api.patch(`users/${owner.userId}/email-templates/${id}`, {
      html: '<p>also ignored</p>',
      config: JSON.stringify(emailWithParagraphs('Your order {{order_number}} shipped')),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.html).toContain('Your order {{order_number}} shipped');
    const after = await stored(id);
    expect(after.compiled?.html.tags.map((tag) => tag.name)).toEqual(['order_number']);
    expect(after.html).toBe(updated.json().data.html);

    // A client's html alone changes nothing: the stored html stays the document's compile.
    await api.patch(`users/${owner.userId}/email-templates/${id}`, { html: '<p>only html</p>' });
    expect((await stored(id)).html).toBe(after.html);

    // The template's own CSS is part of the compile (a media query stays in the head).
    await api.patch(`users/${owner.userId}/email-templates/${id}`, {
      css: '@media (max-width:480px){.fw-own{color:red}}',
    });
    expect((await stored(id)).html).toContain('@media (max-width:480px){.fw-own{color:red}}');
  });

  it("answers 400 naming data.config with mjml's first message when mjml refuses the document; nothing is saved", async () => {
    const refused = JSON.stringify(emailMjmlRefuses());
    const before = (await api.get(`users/${owner.userId}/email-templates`)).json().data.length;
    const res = await api.post(`users/${owner.userId}/email-templates`, { name: 'Refused', config: refused });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('data.config');
    expect(res.json().error.message).toMatch(
      /^data\.config: Line \d+ \(mj-wrapper\) — Attribute padding has invalid value/,
    );
    // The server's paths stay out of the answer.
    expect(res.json().error.message).not.toContain(process.cwd());
    expect((await api.get(`users/${owner.userId}/email-templates`)).json().data.length).toBe(before);

    const config = JSON.stringify(emailWithParagraphs('Kept'));
    const { id } = (await api.post(`users/${owner.userId}/email-templates`, { name: 'Kept', config })).json()
      .data;
    const keptRow = await stored(id);
    const patched = await api.patch(`users/${owner.userId}/email-templates/${id}`, { config: refused });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().error.field).toBe('data.config');
    expect(await stored(id)).toEqual(keptRow);
  });
});

describe('preview link ("/preview-user-template/{templateId} with query parameters uid and key")', () => {
  const create = async (text: string) => {
    const { id } = (
      await api.post(`users/${owner.userId}/email-templates`, {
        name: 'Preview',
        config: JSON.stringify(emailWithParagraphs(text)),
      })
    ).json().data;
    return (await api.get(`users/${owner.userId}/email-templates/${id}`)).json().data as {
      id: number;
      preview_url: string;
    };
  };
  const open = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers the compiled HTML without a session, sandboxed by its Content-Security-Policy', async () => {
    const template = await create('Preview of {{first_name|friend}}');
    expect(template.preview_url).toMatch(
      new RegExp(`^/preview-user-template/${template.id}\\?uid=${owner.userId}&key=[A-Za-z0-9_-]+$`),
    );
    const res = await open(template.preview_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(res.body).toContain('Preview of friend');
    expect(res.body).toMatch(/^<!doctype html>/i);
  });

  it('a template saved before compiles were stored is compiled once when first opened, and keeps it', async () => {
    const [legacy] = await t.database.db
      .insert(emailTemplates)
      .values({
        accountId: owner.accountId,
        userId: owner.userId,
        name: 'Legacy',
        config: JSON.stringify(emailWithParagraphs('Saved long ago')),
      })
      .returning();
    if (!legacy) throw new Error('no row');
    expect(legacy.compiled).toBeNull();
    const { preview_url } = (await api.get(`users/${owner.userId}/email-templates/${legacy.id}`)).json().data;
    const res = await open(preview_url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Saved long ago');
    const [after] = await t.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, legacy.id));
    expect(after?.compiled?.html.parts.join('')).toContain('Saved long ago');
    expect(after?.html).toContain('Saved long ago');
  });

  it('answers 404 with no hint for a wrong, missing or borrowed key', async () => {
    const one = await create('One');
    const other = await create('Other');
    const key = new URL(one.preview_url, 'http://x').searchParams.get('key') as string;
    const wrongKey = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    const attempts = [
      `/preview-user-template/${one.id}?uid=${owner.userId}&key=${wrongKey}`,
      `/preview-user-template/${one.id}?uid=${owner.userId}`,
      `/preview-user-template/${one.id}`,
      `/preview-user-template/${one.id}?uid=${owner.userId + 1}&key=${key}`,
      // A valid key of another template does not open this one.
      `/preview-user-template/${other.id}?uid=${owner.userId}&key=${key}`,
    ];
    const answers = await Promise.all(attempts.map(open));
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Other');
    }
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
  });
});

describe('shared e-mail templates (issue 20 "start from a shared template")', () => {
  it('lists the shared designs with their e-mail documents: a welcome, a thank-you and a newsletter', async () => {
    const res = await api.get('email-templates/shared');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { id: string; name: string; config: string; preview_html: string }[];
    expect(list.map((item) => item.id)).toEqual(['welcome', 'thank-you', 'newsletter']);
    for (const item of list) expect(JSON.parse(item.config).kind).toBe('email');
    // The picker's thumbnails: each design as it is sent, its merge tags filled with sample values.
    for (const item of list) {
      expect(item.preview_html).toMatch(/^<!doctype html>/i);
      expect(item.preview_html).not.toContain('{{');
    }
    expect(list[0]?.preview_html).toContain('Welcome aboard, Alex!');
  });

  it("creates the user's own template from a shared design, compiled, with the design's name and tags or a given name", async () => {
    const shared = (await api.get('email-templates/shared')).json().data as { id: string; config: string }[];
    const res = await api.post(`users/${owner.userId}/email-templates/from-shared`, {
      shared_id: 'thank-you',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = (await api.get(`users/${owner.userId}/email-templates/${res.json().data.id}`)).json().data;
    expect(made).toMatchObject({
      name: 'Thank you for your order',
      tags: 'order,receipt,thank you',
      config: shared.find((item) => item.id === 'thank-you')?.config,
    });
    expect(made.html).toContain('{{order_number}}');
    const [row] = await t.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, made.id));
    expect(row?.compiled?.html.tags.map((tag) => tag.name)).toContain('order_total');

    const named = await api.post(`users/${owner.userId}/email-templates/from-shared`, {
      shared_id: 'newsletter',
      name: 'June letter',
    });
    expect(named.statusCode, named.body).toBe(201);
    const list = (await api.get(`users/${owner.userId}/email-templates`)).json().data;
    expect(list.map((item: { name: string }) => item.name)).toContain('June letter');
  });

  it('refuses an unknown design naming the field, a blank name with the spec message, and writes without the automations flag', async () => {
    const unknown = await api.post(`users/${owner.userId}/email-templates/from-shared`, {
      shared_id: 'nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      message: 'Shared e-mail template not found',
      field: 'data.shared_id',
    });
    const blank = await api.post(`users/${owner.userId}/email-templates/from-shared`, {
      shared_id: 'welcome',
      name: ' ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(`data.name: ${EMAIL_TEMPLATE_NAME_REQUIRED}`);
    const stranger = await signUpOwner(t.app);
    const other = await api.post(`users/${stranger.userId}/email-templates/from-shared`, {
      shared_id: 'welcome',
    });
    expect(other.statusCode).toBe(404);
    const member = await memberOf(t, owner, { funnels: true });
    const denied = await member.api.post(`users/${member.userId}/email-templates/from-shared`, {
      shared_id: 'welcome',
    });
    expect(denied.statusCode).toBe(403);
    expect((await member.api.get('email-templates/shared')).statusCode).toBe(200);
  });
});

describe('preview filled from an order (issue 20: "the preview can be filled from a real order of the account")', () => {
  const template = async (user: { userId: number }, client: ApiClient = api) => {
    const res = await client.post(`users/${user.userId}/email-templates`, {
      name: 'Order preview',
      config: JSON.stringify(
        emailWithParagraphs(
          'Hi {{first_name|there}} {{last_name}}',
          'Order {{order_number}}: {{order_total}} for {{product_name}}',
        ),
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const preview = (client: ApiClient, userId: number, id: number, orderId: string | number | undefined) =>
    client.get(
      `users/${userId}/email-templates/${id}/preview`,
      orderId === undefined ? undefined : { order_id: orderId },
    );

  it("answers the saved template with the order's customer, order and product values, HTML-escaped in the HTML part", async () => {
    const id = await template(owner);
    const customer = await createCustomer(t.database.db, owner.accountId, {
      firstName: '<script>alert(1)</script>',
      lastName: 'Smith & Sons',
      email: 'smith@example.test',
    });
    const order = await createOrder(t.database.db, owner.accountId, {
      customerId: customer.id,
      items: [{ productId: 5, name: 'Mat <b>Pro</b>', amountMinor: 4250, qty: 2 }],
    });
    const res = await preview(api, owner.userId, id, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ order_id: order.id, order_number: order.orderNumber });
    expect(data.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt; Smith &amp; Sons');
    expect(data.html).toContain(`Order ${order.orderNumber}: $85.00 for Mat &lt;b&gt;Pro&lt;/b&gt;`);
    expect(data.html).not.toContain('<script>');
    expect(data.html).not.toContain('<b>Pro');
    expect(data.html).not.toContain('{{');
    // The text part is plain text: the values as they are.
    expect(data.text).toContain('Hi <script>alert(1)</script> Smith & Sons');
    expect(data.text).toContain(`Order ${order.orderNumber}: $85.00 for Mat <b>Pro</b>`);
  });

  it("answers 404 naming order_id for another account's order or a deleted one, and 404 for another account's template", async () => {
    const id = await template(owner);
    const stranger = await signUpOwner(t.app);
    const strangerApi = apiClient(t.app, stranger.auth);
    const foreignCustomer = await createCustomer(t.database.db, stranger.accountId, { firstName: 'Secret' });
    const foreign = await createOrder(t.database.db, stranger.accountId, { customerId: foreignCustomer.id });
    const res = await preview(api, owner.userId, id, foreign.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ message: 'Order not found', status: 404, field: 'order_id' });
    expect(res.body).not.toContain('Secret');

    const deleted = await createOrder(t.database.db, owner.accountId);
    await t.database.db.update(orders).set({ deletedAt: new Date() }).where(eq(orders.id, deleted.id));
    expect((await preview(api, owner.userId, id, deleted.id)).statusCode).toBe(404);

    const foreignTemplate = await template(stranger, strangerApi);
    const own = await createOrder(t.database.db, owner.accountId);
    const borrowed = await preview(api, stranger.userId, foreignTemplate, own.id);
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().error.message).toBe('E-mail template not found');
  });

  it('answers 400 naming order_id for a missing or malformed id', async () => {
    const id = await template(owner);
    for (const orderId of [undefined, 'abc', '0', '-3', '1.5', '99999999999999999']) {
      const res = await preview(api, owner.userId, id, orderId);
      expect(res.statusCode, String(orderId)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', status: 400, field: 'order_id' });
    }
  });

  it('is a read: any member of the account may preview their template (no flag needed); without a session 401', async () => {
    const member = await memberOf(t, owner, {});
    const id = await template(member);
    const order = await createOrder(t.database.db, owner.accountId);
    const res = await preview(member.api, member.userId, id, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.html).toContain(`Order ${order.orderNumber}:`);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/users/${member.userId}/email-templates/${id}/preview?order_id=${order.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
