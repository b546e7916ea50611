import { describe, expect, test } from 'vitest';
import { renderPage } from '../render/render-page.tsx';
import { TemplateBuilder } from '../templates/builder.ts';
import { needsAttention } from './needs-attention.ts';
import { isPlaceholderUrl, placeholderLinks } from './placeholder-links.ts';

function pageWithButton(url: string) {
  const b = new TemplateBuilder(1);
  const [slot] = b.row(b.section());
  const id = b.block(slot!, 'button', {
    attributes: {
      basic: { headline: { text: 'Go to my course' }, action: { type: 'goto-url', url, target: '_self' } },
    },
  });
  return { document: b.build(), id };
}

describe('placeholder links', () => {
  test('an example.com address is a placeholder; other addresses are not', () => {
    expect(isPlaceholderUrl('https://example.com/members')).toBe(true);
    expect(isPlaceholderUrl('http://www.EXAMPLE.com')).toBe(true);
    expect(isPlaceholderUrl('https://example.com.evil.io/x')).toBe(false);
    expect(isPlaceholderUrl('https://shop.example.net/a')).toBe(false);
    expect(isPlaceholderUrl('/members')).toBe(false);
    expect(isPlaceholderUrl('')).toBe(false);
  });

  test('"the editor flags a placeholder link until the merchant sets it", and the page never links to it', () => {
    const placeholder = pageWithButton('https://example.com/members');
    expect(placeholderLinks(placeholder.document)).toEqual([
      { id: placeholder.id, blockType: 'button', label: 'Go to my course' },
    ]);
    expect(renderPage(placeholder.document).html).not.toContain('example.com');

    const set = pageWithButton('https://academy.my-shop.io/login');
    expect(placeholderLinks(set.document)).toEqual([]);
    expect(renderPage(set.document).html).toContain('href="https://academy.my-shop.io/login"');
  });

  test('the needs-attention list puts what shoppers skip before the links to set', () => {
    const { document, id } = pageWithButton('https://example.com/members');
    const items = needsAttention(document, { gap: 'nothing-to-offer', sellsNothing: false });
    expect(items.map((item) => item.kind)).toEqual(['gap', 'link']);
    expect(items[0]).toMatchObject({ title: 'Nothing to sell' });
    expect(items[1]).toMatchObject({ link: { id } });
    expect(
      needsAttention(pageWithButton('https://my.site/x').document, { gap: null, sellsNothing: false }),
    ).toEqual([]);
  });
});
