import { VERSIONS_KEPT } from '@funnelwork/domain';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplateVersions } from '../../db/schema/index.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { type ApiClient, apiClient, memberOf } from '../funnels/funnels.fixtures.ts';
import { emailWithParagraphs } from './email-templates.fixtures.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpOwner>>;
let api: ApiClient;

/** An e-mail document with one paragraph saying `text`. */
const emailDocument = (text = 'Hello') => JSON.stringify(emailWithParagraphs(text));

/** The same document (same block ids) with its paragraph saying `text`: one block the diff sees edited. */
const reworded = (config: string, text: string) => {
  const document = JSON.parse(config) as { children: Record<string, { content?: string }> };
  for (const block of Object.values(document.children)) if ('content' in block) block.content = text;
  return JSON.stringify(document);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpOwner(t.app);
  api = apiClient(t.app, owner.auth);
});
afterAll(() => t.close());

const templates = () => `users/${owner.userId}/email-templates`;

describe('e-mail template versions (issue 36 §2: "Same for e-mail templates")', () => {
  it('keeps each save of the design as a version, newest first, with who saved it; a rename is not a version', async () => {
    const first = emailDocument();
    const second = reworded(first, 'Hello again');
    const { id } = (await api.post(templates(), { name: 'Welcome', config: first })).json().data;
    await api.patch(`${templates()}/${id}`, { config: second });
    await api.patch(`${templates()}/${id}`, { name: 'Welcome aboard' });
    // The same design saved again is not a new version either.
    await api.patch(`${templates()}/${id}`, { config: second });

    const res = await api.get(`${templates()}/${id}/versions`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ template_id: id, current: true, user_id: owner.userId });
    expect(list[1]).toMatchObject({ current: false });
    expect(list[0].id).toBeGreaterThan(list[1].id);
    expect(list[0].user_name).not.toBe('');

    const oldest = (await api.get(`${templates()}/${id}/versions/${list[1].id}`)).json().data;
    expect(oldest.content.config).toBe(first);
    expect(oldest.content.html).toMatch(/^<!doctype html>/i);
    // The template's paragraph was reworded since the first version.
    const paragraphId = Object.keys(JSON.parse(first).children)[0];
    expect(oldest.changes).toEqual({ added: [], removed: [], edited: [paragraphId] });
  });

  it('restores a version as the template (what automations send next), itself a new version', async () => {
    const first = emailDocument();
    const { id } = (await api.post(templates(), { name: 'Receipt', config: first })).json().data;
    await api.patch(`${templates()}/${id}`, { config: reworded(first, 'Changed') });
    const [, original] = (await api.get(`${templates()}/${id}/versions`)).json().data;

    const restored = await api.post(`${templates()}/${id}/versions/${original.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.config).toBe(first);
    expect((await api.get(`${templates()}/${id}`)).json().data.config).toBe(first);
    const after = (await api.get(`${templates()}/${id}/versions`)).json().data;
    expect(after).toHaveLength(3);
    expect((await api.get(`${templates()}/${id}/versions/${after[0].id}`)).json().data.content.config).toBe(
      first,
    );
  });

  it(`keeps the newest ${VERSIONS_KEPT} saves of a template`, async () => {
    const { id } = (await api.post(templates(), { name: 'Busy', config: emailDocument() })).json().data;
    // Written directly: fifty saves through the API would only repeat the compile.
    const [newest] = await t.database.db
      .select()
      .from(emailTemplateVersions)
      .where(eq(emailTemplateVersions.templateId, id));
    if (!newest) throw new Error('no first version');
    await t.database.db.insert(emailTemplateVersions).values(
      Array.from({ length: VERSIONS_KEPT }, () => ({
        accountId: newest.accountId,
        templateId: id,
        userId: owner.userId,
        content: newest.content,
      })),
    );
    await api.patch(`${templates()}/${id}`, { config: emailDocument('Newest') });
    const kept = await t.database.db
      .select({ id: emailTemplateVersions.id })
      .from(emailTemplateVersions)
      .where(and(eq(emailTemplateVersions.templateId, id)));
    expect(kept).toHaveLength(VERSIONS_KEPT);
    expect(kept.map((row) => row.id)).not.toContain(newest.id);
  });

  it("answers 404 for another account's template or version, and 403 to a restore without the automations flag", async () => {
    const { id } = (await api.post(templates(), { name: 'Mine', config: emailDocument() })).json().data;
    const [version] = (await api.get(`${templates()}/${id}/versions`)).json().data;
    const stranger = await signUpOwner(t.app);
    const theirs = apiClient(t.app, stranger.auth);
    expect((await theirs.get(`users/${owner.userId}/email-templates/${id}/versions`)).statusCode).toBe(404);
    const { id: otherId } = (
      await theirs.post(`users/${stranger.userId}/email-templates`, {
        name: 'Theirs',
        config: emailDocument(),
      })
    ).json().data;
    expect(
      (await api.get(`${templates()}/${otherId}/versions/${version.id}`)).statusCode,
      'a version of my template through another template id',
    ).toBe(404);
    expect(
      (
        await theirs.post(
          `users/${stranger.userId}/email-templates/${otherId}/versions/${version.id}/restore`,
          {},
        )
      ).statusCode,
    ).toBe(404);

    const member = await memberOf(t, owner, { funnels: true });
    const denied = await member.api.post(`${templates()}/${id}/versions/${version.id}/restore`, {});
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
  });
});
