import { describe, expect, test } from 'vitest';
import { emptyDocument } from '../../document/empty.ts';
import { compileEmail, personaliseEmail } from './compile.ts';
import { emailWithBlocks } from './email-documents.ts';
import { EMAIL_BREAKPOINTS, emailWidth, renderEmailMjml } from './render-mjml.ts';

describe('§9 e-mail defaults', () => {
  test('"Email default width 650, maximum 1200"', () => {
    expect(renderEmailMjml(emptyDocument('email'))).toContain('<mj-body width="650px"');
    expect(renderEmailMjml(emptyDocument('email'), { width: 800 })).toContain('<mj-body width="800px"');
    expect(renderEmailMjml(emptyDocument('email'), { width: 5000 })).toContain('<mj-body width="1200px"');
    expect(emailWidth(undefined)).toBe(650);
    expect(emailWidth(1201)).toBe(1200);
  });

  test('"section widths full 100%, wide 75%, half 50%" of the content width inside the page padding', () => {
    const { document } = emailWithBlocks(['paragraph']);
    const section = document.content[0];
    if (!section) throw new Error('fixture');
    // 650 - 30 - 30 = 590 px of content.
    expect(renderEmailMjml(document)).toContain('<mj-wrapper padding="0px 30px 0px 30px"');
    section.attributes.basic.width = 'wide';
    expect(renderEmailMjml(document)).toContain(
      'padding="0px 103.75px 0px 103.75px" css-class="fw-section-narrow"',
    );
    section.attributes.basic.width = 'half';
    expect(renderEmailMjml(document)).toContain(
      'padding="0px 177.5px 0px 177.5px" css-class="fw-section-narrow"',
    );
  });

  test('"Default page padding: top 68, left and right 30, bottom 200 (email)"', () => {
    const source = renderEmailMjml(emptyDocument('email'));
    expect(source).toContain('<mj-spacer height="68px" />');
    expect(source).toContain('<mj-spacer height="200px" />');
    const document = emptyDocument('email');
    document.settings.padding = { top: 10, right: 5, bottom: 0, left: 5 };
    expect(renderEmailMjml(document)).not.toContain('height="200px"');
    expect(renderEmailMjml(document)).toContain('<mj-spacer height="10px" />');
  });

  test('"Default font Roboto 14, colour #252A32" for every component', () => {
    expect(renderEmailMjml(emptyDocument('email'))).toContain(
      '<mj-all font-family="&quot;Roboto&quot;, sans-serif" font-size="14px" color="#252A32" />',
    );
  });

  test('"Breakpoints: 480 and 1024 px": columns stack under 480, visibility flags use both', async () => {
    expect(EMAIL_BREAKPOINTS).toEqual({ mobile: 480, tablet: 1024 });
    const { document } = emailWithBlocks(['paragraph']);
    const html = (await compileEmail(document)).html.parts.join('');
    expect(html).toContain('@media only screen and (min-width:480px)');
    expect(html).toContain('(max-width:1024px)');
  });

  test('custom HTML is written in the page font (mjml columns set font-size 0 around their cells)', () => {
    const { document, ids } = emailWithBlocks(['customHtml']);
    const block = document.children[ids[0] as number];
    if (!block) throw new Error('fixture');
    block.content = '<p>Hello</p>';
    document.settings.font.size = 16;
    expect(renderEmailMjml(document)).toMatch(/<td style="[^"]*font-size:16px[^"]*"><p>Hello<\/p><\/td>/);
  });

  test('rows keep their column widths and backgrounds', () => {
    const { document } = emailWithBlocks(['paragraph']);
    const row = document.rows[2];
    if (!row) throw new Error('fixture');
    row.cols = [
      { width: 75, children: row.cols[0]?.children ?? [] },
      { width: 25, children: [] },
    ];
    row.attributes.basic.columns = 'five';
    row.attributes.basic.backgroundColor = '#F5F5F5';
    const source = renderEmailMjml(document);
    expect(source).toContain('<mj-column width="75%"');
    expect(source).toContain('<mj-column width="25%"');
    expect(source).toContain('<mj-section background-color="#F5F5F5"');
  });

  test("the template's own CSS that stays in the head (a media query) cannot close it", async () => {
    const css = '@media (max-width:480px){.promo{color:red}}</mj-style></style><script>alert(1)</script>';
    const source = renderEmailMjml(emptyDocument('email'), { css });
    expect(source).toContain('<mj-style>@media (max-width:480px){.promo{color:red}}');
    const html = (await compileEmail(emptyDocument('email'), { css })).html.parts.join('');
    expect(html).toContain('@media (max-width:480px){.promo{color:red}}');
    expect(html).not.toMatch(/<script/i);
  });

  test('a compiled e-mail can be stored as JSON and personalised from it', async () => {
    const { document, ids } = emailWithBlocks(['paragraph']);
    const block = document.children[ids[0] as number];
    if (!block) throw new Error('fixture');
    block.content = 'Hello {{first_name|there}}';
    const compiled = await compileEmail(document);
    const stored = JSON.parse(JSON.stringify(compiled)) as typeof compiled;
    expect(personaliseEmail(stored, { first_name: 'Ann' })).toEqual(
      personaliseEmail(compiled, { first_name: 'Ann' }),
    );
    expect(personaliseEmail(stored, { first_name: 'Ann' }).html).toContain('Hello Ann');
  });

  test('section and row background images compile (unsafe ones are dropped)', async () => {
    const { document } = emailWithBlocks(['paragraph']);
    const section = document.content[0];
    const row = document.rows[2];
    if (!section || !row) throw new Error('fixture');
    Object.assign(section.attributes.basic, {
      backgroundImage: 'https://cdn.example.com/bg.png',
      backgroundStyle: 'auto',
      backgroundPosition: 'bottom',
    });
    row.attributes.basic.backgroundImage = 'javascript:alert(1)';
    const source = renderEmailMjml(document);
    expect(source).toContain(
      'background-url="https://cdn.example.com/bg.png" background-size="auto" background-position="bottom center"',
    );
    expect(source).not.toContain('javascript:');
    await expect(compileEmail(document)).resolves.toBeDefined();
  });

  test('the page background and direction', () => {
    const document = emptyDocument('email');
    document.settings.backgroundColor = '#EEEEEE';
    document.settings.direction = 'rtl';
    const source = renderEmailMjml(document);
    expect(source).toContain('background-color="#EEEEEE"');
    expect(source).toMatch(/^<mjml dir="rtl">/);
  });
});

describe('§5 timer display in e-mails (static: mail clients run no script)', () => {
  test('"values under 10 are zero-padded; hours above 23 show 00; minutes or seconds above 60 show 60"', async () => {
    const { document, ids } = emailWithBlocks(['timer']);
    const timer = document.children[ids[0] as number];
    if (timer?.type !== 'timer') throw new Error('fixture');
    Object.assign(timer.attributes.basic, { hours: 30, minutes: 75, seconds: 5 });
    const compiled = await compileEmail(document);
    const html = compiled.html.parts.join('');
    const values = [...html.matchAll(/>(\d\d)<\/div>/g)].map((match) => match[1]);
    expect(values).toEqual(['00', '60', '05']);
    expect(compiled.text.parts.join('')).toContain('00 Hours : 60 Minutes : 05 Seconds');
  });
});
