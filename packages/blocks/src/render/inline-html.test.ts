import { describe, expect, it } from 'vitest';
import { sanitizeInlineHtml } from './inline-html.ts';

describe('sanitizeInlineHtml: rich text of headlines and paragraphs', () => {
  it('keeps the inline formatting the editor makes', () => {
    const html =
      '<strong>Bold</strong> <b>b</b> <em>it</em> <i>i</i> <u>under</u> <s>gone</s><br>' +
      '<a href="https://shop.example/offer">offer</a> <a href="mailto:hi@shop.example">mail</a> ' +
      '<a href="tel:+15550100">call</a> <a href="#order">order</a> ' +
      '<span style="color:#e03131;font-size:18px;font-weight:700">red</span>';
    expect(sanitizeInlineHtml(html)).toBe(
      '<strong>Bold</strong> <b>b</b> <em>it</em> <i>i</i> <u>under</u> <s>gone</s><br>' +
        '<a href="https://shop.example/offer">offer</a> <a href="mailto:hi@shop.example">mail</a> ' +
        '<a href="tel:+15550100">call</a> <a href="#order">order</a> ' +
        '<span style="color:#e03131; font-size:18px; font-weight:700;">red</span>',
    );
  });

  it('removes <script> (with its body) and other active content', () => {
    const out = sanitizeInlineHtml(
      'Hi<script>alert(1)</script><style>body{}</style><iframe src="https://x"></iframe><svg><script>1</script></svg>!',
    );
    expect(out).toBe('Hi!');
  });

  it('removes event handler attributes like onerror', () => {
    const out = sanitizeInlineHtml(
      '<img src=x onerror="alert(1)"><b onclick="alert(2)" onmouseover=alert(3)>x</b>',
    );
    expect(out).not.toMatch(/onerror|onclick|onmouseover|alert|<img/i);
    expect(out).toBe('<b>x</b>');
  });

  it('drops javascript: and other unsafe hrefs, however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      'jav&#97;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example',
      '/relative',
    ]) {
      const out = sanitizeInlineHtml(`<a href="${href}">x</a>`);
      expect(out, href).toBe('<a>x</a>');
    }
  });

  it('keeps only colour, font size and weight in styles, and only plain values', () => {
    expect(sanitizeInlineHtml('<span style="color:red;position:fixed;display:block">x</span>')).toBe(
      '<span style="color:red;">x</span>',
    );
    expect(sanitizeInlineHtml('<span style="font-size:expression(alert(1))">x</span>')).not.toMatch(
      /expression|alert/,
    );
    const withUrl = sanitizeInlineHtml('<span style="color:red;background:url(https://x/y.png)">x</span>');
    expect(withUrl).not.toMatch(/url|background/);
    expect(sanitizeInlineHtml('<span style="color:url(x)">x</span>')).not.toContain('url');
    expect(sanitizeInlineHtml('<span class="big" id="a" title="t">x</span>')).toBe('<span>x</span>');
  });

  it('escapes stray angle brackets and strips comments', () => {
    expect(sanitizeInlineHtml('1 < 2 > 0 <!-- hidden -->')).toBe('1 &lt; 2 &gt; 0 ');
  });

  it('writes text without tags as the parser does (the plain-text path skips the parser)', () => {
    const texts = [
      '',
      'Plain headline',
      'a > b && c',
      '5 >> 3 "quoted" \'single\'',
      '&amp; &lt; stays &gt;',
      'Café — naïve ✓ 🚀',
      'two\nlines\twith tabs',
      '>',
      'javascript:alert(1)',
    ];
    for (const text of texts) {
      // After a tag the same text goes through js-xss's parser.
      expect(sanitizeInlineHtml(text)).toBe(sanitizeInlineHtml(`<b></b>${text}`).slice('<b></b>'.length));
    }
  });
});
