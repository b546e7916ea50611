import { describe, expect, it } from 'vitest';
import { isNoLink, LINK_ACTION_TYPES, LINK_BLOCK_ACTIONS, linkActionSchema } from './link-actions.ts';

describe('link actions (spec §3.2)', () => {
  it('"Link action values: goto-element, goto-url (with target), submit-step, next-step, …"', () => {
    expect(LINK_ACTION_TYPES).toEqual([
      'goto-element',
      'goto-url',
      'submit-step',
      'next-step',
      'no-link',
      'yes-link',
      'show-popup',
      'close-popup',
    ]);
    expect(
      linkActionSchema.safeParse({ type: 'goto-url', url: 'https://a.test', target: '_blank' }).success,
    ).toBe(true);
    expect(linkActionSchema.safeParse({ type: 'goto-url', url: 'https://a.test' }).success).toBe(false);
  });

  it('"yes-link (optional productId)"', () => {
    expect(linkActionSchema.parse({ type: 'yes-link' })).toEqual({ type: 'yes-link' });
    expect(linkActionSchema.parse({ type: 'yes-link', productId: 12 })).toEqual({
      type: 'yes-link',
      productId: 12,
    });
    expect(linkActionSchema.safeParse({ type: 'yes-link', productId: 0 }).success).toBe(false);
  });

  it('"click action No action, Submit step, Go to next step, Go to URL, Go to section/row"', () => {
    expect(LINK_BLOCK_ACTIONS.map((action) => action.label)).toEqual([
      'No action',
      'Submit step',
      'Go to next step',
      'Go to URL',
      'Go to section/row',
    ]);
  });

  it("\"Links whose target is empty, '#', or '#no-action' render as no link.\"", () => {
    expect(isNoLink('')).toBe(true);
    expect(isNoLink('#')).toBe(true);
    expect(isNoLink('#no-action')).toBe(true);
    expect(isNoLink(' # ')).toBe(true);
    expect(isNoLink(undefined)).toBe(true);
    expect(isNoLink(null)).toBe(true);
    expect(isNoLink('#pricing')).toBe(false);
    expect(isNoLink('https://example.test')).toBe(false);
  });
});
