import { describe, expect, test } from 'vitest';
import { isEmailBlock } from '../catalogue/registry.ts';
import { migrateDocument } from '../document/migrate.ts';
import { compileEmail, personaliseEmail } from '../render/email/compile.ts';
import { EMAIL_DESIGNS, emailDesign } from './email-designs.ts';

describe('shared e-mail designs (issue 20 "start from a shared template")', () => {
  test('there are at least a welcome, a receipt-style thank-you and a newsletter, with unique ids', () => {
    expect(EMAIL_DESIGNS.map((design) => design.id)).toEqual(['welcome', 'thank-you', 'newsletter']);
    expect(emailDesign('newsletter')?.name).toBe('Newsletter');
    expect(emailDesign('nope')).toBeUndefined();
  });

  test.each(EMAIL_DESIGNS.map((design) => [design.id, design] as const))(
    '%s is a valid e-mail document of e-mail blocks that compiles and personalises',
    async (_id, design) => {
      const document = design.document();
      expect(document.kind).toBe('email');
      expect(document.settings.padding).toEqual({ top: 68, right: 30, bottom: 200, left: 30 });
      expect(migrateDocument(JSON.parse(JSON.stringify(document)), { kind: 'email' })).toEqual(document);
      for (const block of Object.values(document.children)) expect(isEmailBlock(block.type)).toBe(true);
      // Same design, same ids: a template made from it is reproducible.
      expect(design.document()).toEqual(document);
      const copy = personaliseEmail(await compileEmail(document), { first_name: 'Ann <b>' });
      expect(copy.html).toContain('<table');
      expect(copy.html).not.toContain('{{');
      expect(copy.text).not.toContain('{{');
      expect(copy.html).toContain('Ann &lt;b&gt;');
    },
  );
});
