import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { escapeHtml } from '../string/html.ts';
import { compileEmail, personaliseEmail } from './compile.ts';
import { emailWithBlocks } from './email-documents.ts';
import { fillMergeTemplate, mergeTemplate } from './merge-tags.ts';

describe('merge tags', () => {
  test('are found once with their fallbacks', () => {
    const template = mergeTemplate('Hi {{first_name|there}}, order {{ order_number }} — {{x | a b }}');
    expect(template.tags).toEqual([
      { name: 'first_name', fallback: 'there', url: false },
      { name: 'order_number', fallback: '', url: false },
      { name: 'x', fallback: 'a b', url: false },
    ]);
    expect(template.parts).toEqual(['Hi ', ', order ', ' — ', '']);
  });

  test('take the value, else the fallback, else nothing ("{{first_name|there}}")', () => {
    const template = mergeTemplate('Hi {{first_name|there}}! #{{order_number}}. {{unknown_tag}}end');
    expect(fillMergeTemplate(template, { first_name: 'Ann', order_number: 1042 }, true)).toBe(
      'Hi Ann! #1042. end',
    );
    expect(fillMergeTemplate(template, {}, true)).toBe('Hi there! #. end');
    expect(fillMergeTemplate(template, { first_name: '', order_number: null }, false)).toBe(
      'Hi there! #. end',
    );
  });

  test('values are HTML-escaped in the HTML part and left as they are in the text part', () => {
    const template = mergeTemplate('<p>{{first_name}}</p>');
    const value = `<script>alert("x")</script> & 'y'`;
    expect(fillMergeTemplate(template, { first_name: value }, true)).toBe(`<p>${escapeHtml(value)}</p>`);
    expect(fillMergeTemplate(template, { first_name: value }, false)).toBe(`<p>${value}</p>`);
  });

  test('no value can open a tag or leave an attribute in the HTML part', () => {
    const inText = mergeTemplate('[{{first_name|you}}]');
    const inUrl = mergeTemplate('<a href="{{tracking_url}}">');
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(fillMergeTemplate(inText, { first_name: value }, true).slice(1, -1)).not.toMatch(/[<>"']/);
        const href = fillMergeTemplate(inUrl, { tracking_url: value }, true).slice('<a href="'.length, -2);
        expect(href).not.toMatch(/[<>"']/);
      }),
    );
  });

  test('a value in an href must be a safe URL', () => {
    const template = mergeTemplate('<a href="{{tracking_url}}">Track</a>');
    expect(template.tags[0]?.url).toBe(true);
    expect(fillMergeTemplate(template, { tracking_url: 'https://track.example/1?a=1&b=2' }, true)).toBe(
      '<a href="https://track.example/1?a=1&amp;b=2">Track</a>',
    );
    expect(fillMergeTemplate(template, { tracking_url: 'javascript:alert(1)' }, true)).toBe(
      '<a href="">Track</a>',
    );
  });
  test('server-built markup goes in as it is: html in the HTML part, text in the text part', () => {
    const template = mergeTemplate('<div>{{order_lines|No lines}}</div>');
    const lines = { html: '<table><tr><td>Course &amp; book</td></tr></table>', text: 'Course & book' };
    expect(fillMergeTemplate(template, { order_lines: lines }, true)).toBe(`<div>${lines.html}</div>`);
    expect(fillMergeTemplate(template, { order_lines: lines }, false)).toBe('<div>Course & book</div>');
    // An empty part counts as missing, so the fallback shows.
    expect(fillMergeTemplate(template, { order_lines: { html: '', text: '' } }, true)).toBe(
      '<div>No lines</div>',
    );
  });

  test('markup never fills a link: there it counts as missing', () => {
    const template = mergeTemplate('<a href="{{tracking_url|#}}">Track</a>');
    const markup = { html: '<b>x</b>', text: 'x' };
    expect(fillMergeTemplate(template, { tracking_url: markup }, true)).toBe('<a href="#">Track</a>');
  });
});

describe('compile once, personalise per recipient', () => {
  async function compiledGreeting() {
    const { document, ids } = emailWithBlocks(['headline', 'button', 'link']);
    const [headline, button] = ids.map((id) => document.children[id]);
    if (headline?.type !== 'headline' || button?.type !== 'button') throw new Error('fixture');
    headline.content = 'Hi {{first_name|there}}, order <b>{{order_number}}</b> of {{order_total}}';
    button.attributes.basic.headline.text = 'Track {{product_name|your order}}';
    button.attributes.basic.action = { type: 'goto-url', url: '{{tracking_url}}', target: '_blank' };
    return compileEmail(document);
  }

  test('merge tags pass through mjml intact, in text and in links', async () => {
    const compiled = await compiledGreeting();
    expect(compiled.html.tags.map((tag) => tag.name)).toEqual([
      'first_name',
      'order_number',
      'order_total',
      'tracking_url',
      'product_name',
    ]);
    expect(compiled.html.tags.find((tag) => tag.name === 'tracking_url')?.url).toBe(true);
    expect(compiled.text.tags.map((tag) => tag.name)).toContain('first_name');
  });

  test('each recipient gets their values, escaped in the HTML only', async () => {
    const compiled = await compiledGreeting();
    const mail = personaliseEmail(compiled, {
      first_name: 'Tom & "Jerry"',
      order_number: '1001',
      order_total: '$12.00',
      tracking_url: 'https://track.example/1001',
    });
    expect(mail.html).toContain('Hi Tom &amp; &quot;Jerry&quot;, order <b>1001</b> of $12.00');
    expect(mail.html).toContain('href="https://track.example/1001"');
    expect(mail.html).toContain('Track your order');
    expect(mail.html).not.toContain('{{');
    expect(mail.text).toContain('Hi Tom & "Jerry", order 1001 of $12.00');
    expect(mail.text).toContain('Track your order');
    expect(personaliseEmail(compiled, {}).html).toContain('Hi there, order <b></b> of ');
  });

  test('personalising is a cheap string operation (far above 200 e-mails a second)', async () => {
    const { document } = emailWithBlocks(Array.from({ length: 40 }, () => 'paragraph' as const));
    for (const block of Object.values(document.children))
      block.content = 'Dear {{first_name|friend}}, {{order_total}}';
    const compiled = await compileEmail(document);
    const started = performance.now();
    for (let index = 0; index < 1000; index++)
      personaliseEmail(compiled, { first_name: `N${index}`, order_total: '1' });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
