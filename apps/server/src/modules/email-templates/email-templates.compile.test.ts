import { randomBytes } from 'node:crypto';
import { mergeTemplate } from '@funnelwork/blocks/email';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileProblem,
  mergeSource,
  previewKeyFrom,
  previewKeyMatches,
  previewLinkKey,
  previewUrl,
} from './email-templates.compile.ts';

const key = previewKeyFrom(randomBytes(32));
const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

describe('preview link keys ("/preview-user-template/{templateId} with query parameters uid and key")', () => {
  it('the link of a template opens it and no other (template, uid) pair', () => {
    fc.assert(
      fc.property(id, id, id, id, (templateId, uid, otherTemplate, otherUid) => {
        const linkKey = previewLinkKey(key, templateId, uid);
        expect(previewKeyMatches(key, templateId, uid, linkKey)).toBe(true);
        expect(previewUrl(key, templateId, uid)).toBe(
          `/preview-user-template/${templateId}?uid=${uid}&key=${linkKey}`,
        );
        fc.pre(otherTemplate !== templateId || otherUid !== uid);
        expect(previewKeyMatches(key, otherTemplate, otherUid, linkKey)).toBe(false);
      }),
    );
  });

  it('refuses every other key, a missing one, and the same link under another server secret', () => {
    fc.assert(
      fc.property(id, id, fc.string(), (templateId, uid, guess) => {
        fc.pre(guess !== previewLinkKey(key, templateId, uid));
        expect(previewKeyMatches(key, templateId, uid, guess)).toBe(false);
      }),
    );
    expect(previewKeyMatches(key, 1, 1, undefined)).toBe(false);
    const otherServer = previewKeyFrom(randomBytes(32));
    expect(previewKeyMatches(otherServer, 1, 1, previewLinkKey(key, 1, 1))).toBe(false);
  });
});

describe('compile answers', () => {
  it("keep mjml's line and tag but not the server's path", () => {
    expect(
      compileProblem(
        'Line 4 of /srv/funnelwork (mj-wrapper) — Attribute padding has invalid value: -5px for type Unit',
      ),
    ).toBe('Line 4 (mj-wrapper) — Attribute padding has invalid value: -5px for type Unit');
  });

  it('the stored html writes the merge tags back as they read', () => {
    const words = fc.stringMatching(/^[^{}]*$/);
    const tag = fc.record({
      name: fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/),
      fallback: fc.stringMatching(/^[^{}|]*$/).map((text) => text.trim()),
    });
    fc.assert(
      fc.property(words, fc.array(fc.tuple(tag, words), { maxLength: 5 }), (head, rest) => {
        const source =
          head +
          rest
            .map(([t, after]) => `{{${t.name}${t.fallback === '' ? '' : `|${t.fallback}`}}}${after}`)
            .join('');
        expect(mergeSource(mergeTemplate(source))).toBe(source);
      }),
    );
  });
});
