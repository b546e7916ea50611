import { describe, expect, test } from 'vitest';
import { splitCustomCss } from './custom-css.ts';

describe("a template's custom CSS, split for mail clients", () => {
  test('plain rules are inlined; media queries, other at-rules and :hover or ::before stay in the head', () => {
    const css = [
      '/* brand */ .promo { color: #c00 }',
      'h1, .title > span { font-weight: bold; }',
      'a[href^="https:"] { color: green }',
      'a:hover { color: red }',
      'p::before { content: "}" }',
      '@media (max-width: 480px) { .promo { font-size: 12px } }',
      "@import url('https://fonts.example.com/a.css');",
    ].join('\n');
    expect(splitCustomCss(css)).toEqual({
      inline: [
        '.promo { color: #c00 }',
        'h1, .title > span { font-weight: bold; }',
        'a[href^="https:"] { color: green }',
      ].join('\n'),
      head: [
        'a:hover { color: red }',
        'p::before { content: "}" }',
        '@media (max-width: 480px) { .promo { font-size: 12px } }',
        "@import url('https://fonts.example.com/a.css');",
      ].join('\n'),
    });
  });

  test('an unclosed rule stays in the head as written; empty CSS is empty', () => {
    expect(splitCustomCss('.a{color:red} .b{color:blue')).toEqual({
      inline: '.a{color:red}',
      head: '.b{color:blue',
    });
    expect(splitCustomCss('  /* nothing */ ')).toEqual({ inline: '', head: '' });
  });
});
