import { addSection, emptyDocument } from '@funnelwork/blocks';
import { EMAIL_TEMPLATE_NAME_REQUIRED } from '@funnelwork/domain';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, memberOf } from '../funnels/funnels.fixtures.ts';

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
    expect((await api.get(`users/${owner.userId}/email-templates/${id}`)).json().data).toMatchObject({
      html: '<p>Thanks</p>',
      config,
    });

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
