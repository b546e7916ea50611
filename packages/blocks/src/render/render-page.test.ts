import { describe, expect, test } from 'vitest';
import { reduce } from '../actions/reduce.ts';
import type { LinkAction } from '../catalogue/link-actions.ts';
import type { Block, BlockOf, BlockType } from '../catalogue/registry.ts';
import { emptyDocument } from '../document/empty.ts';
import type { EditorDocument } from '../document/schema.ts';
import { samplePage, unwrap } from '../test-support.ts';
import { BASE_CSS } from './base-css.ts';
import { linkBehaviour, safeHref } from './links.ts';
import { pageDocumentHtml, renderPage } from './render-page.tsx';
import { renderPageString } from './string/render-string.ts';

/** One section and row holding the given blocks; `change` edits each new block. */
function page(...blocks: [BlockType, (block: Block) => Block][]): {
  document: EditorDocument;
  ids: number[];
} {
  let document = unwrap(reduce(emptyDocument('page'), { type: 'addSection' }));
  document = unwrap(reduce(document, { type: 'addRow', layout: 'two' }));
  const rowId = Number(Object.keys(document.rows)[0]);
  const ids: number[] = [];
  for (const [type, change] of blocks) {
    const result = reduce(document, {
      type: 'addBlock',
      blockType: type,
      slot: { kind: 'column', rowId, column: 0 },
    });
    if (!result.ok || result.id === undefined) throw new Error('not added');
    const block = change(result.document.children[result.id]!);
    document = { ...result.document, children: { ...result.document.children, [block.id]: block } };
    ids.push(block.id);
  }
  return { document, ids };
}

function button(action: LinkAction) {
  return (block: Block): Block => {
    const b = block as BlockOf<'button'>;
    return { ...b, attributes: { ...b.attributes, basic: { ...b.attributes.basic, action } } };
  };
}

const headline =
  (text: string) =>
  (block: Block): Block => ({ ...block, content: text });

describe('renderPage', () => {
  test("a headline's <script> is removed with its body; plain text keeps its characters", () => {
    const { document } = page(['headline', headline('<script>alert("x")</script>Price < 5 & more')]);
    const { html } = renderPage(document);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('alert');
    expect(html).toContain('Price &lt; 5 & more');
  });

  test('renders the custom HTML block raw; headline and paragraph only as sanitised inline HTML', () => {
    const { document } = page(
      ['customHtml', (block) => ({ ...block, content: '<b class="mine">bold</b>' })],
      ['paragraph', (block) => ({ ...block, content: '<b class="x">bold</b><div>block</div>' })],
    );
    const { html } = renderPage(document);
    expect(html).toContain('<b class="mine">bold</b>');
    expect(html).toContain('<b>bold</b>block');
    expect(html).not.toContain('<div>block');
  });

  test("the editor never parses custom HTML in its own document: a sandboxed frame's srcdoc holds it", () => {
    const merchant =
      '<meta http-equiv="refresh" content="0;url=/elsewhere"><style>body{background:red}</style>';
    const { document } = page(['customHtml', (block) => ({ ...block, content: merchant })]);
    const { html } = renderPage(document, { editor: true });
    expect(html).not.toContain('<meta');
    expect(html).not.toContain('<style>');
    const frame = /<iframe [^>]*>/.exec(html)?.[0] ?? '';
    expect(frame).toContain('sandbox=""');
    expect(frame).toContain('srcDoc="&lt;meta http-equiv=&quot;refresh&quot;');
    // The published page renders it as it is, on the pages' own origin.
    expect(renderPage(document).html).toContain(merchant);
  });

  test('published html has no editor attributes; the editor mode marks every node', () => {
    const document = samplePage();
    const published = renderPage(document).html;
    expect(published).not.toContain('data-node-id');
    const editor = renderPage(document, { editor: true }).html;
    const marked = [...editor.matchAll(/data-node-id="(\d+)"/g)].map((match) => Number(match[1]));
    const everyNode = [
      ...document.content.map((section) => section.id),
      ...Object.keys(document.rows).map(Number),
      ...Object.keys(document.children).map(Number),
    ];
    expect(marked.sort()).toEqual(everyNode.sort());
    expect(editor).toContain('class="fw-page fw-editor"');
  });

  test('device visibility: a block hidden on a device gets that device class, with its media query', () => {
    const { document, ids } = page([
      'headline',
      (block) => ({ ...block, responsive: { desktop: true, tablets: false, mobile: false } }),
    ]);
    const { html, css } = renderPage(document);
    expect(html).toContain(`fw-n${ids[0]} fw-hide-tablets fw-hide-mobile"`);
    expect(html).not.toContain('fw-hide-desktop');
    expect(css).toContain(
      '@media (min-width: 700px) and (max-width: 999.98px){.fw-hide-tablets{display:none!important}}',
    );
    expect(css).toContain('@media (max-width: 699.98px){.fw-hide-mobile{display:none!important}}');
    expect(css).toContain('@media (min-width: 1000px){.fw-hide-desktop{display:none!important}}');
  });

  test('responsive CSS: columns keep their widths on desktop and stack on phones; alignment falls back per device', () => {
    const { document, ids } = page([
      'button',
      (block) => {
        const b = block as BlockOf<'button'>;
        return {
          ...b,
          attributes: {
            ...b.attributes,
            basic: { ...b.attributes.basic, align: { desktop: 'left', tablets: 'left', mobile: 'center' } },
          },
        };
      },
    ]);
    const rowId = Object.keys(document.rows)[0];
    const own = renderPage(document).css.slice(BASE_CSS.length);
    const [desktop, rest] = own.split('@media (max-width: 999.98px)');
    // Both columns share one width rule (identical rules are written once, their selectors joined).
    const columns = `.fw-n${rowId}>.fw-row-inner>.fw-col:nth-child(1),.fw-n${rowId}>.fw-row-inner>.fw-col:nth-child(2)`;
    expect(desktop).toContain(`${columns}{width:50%}`);
    expect(desktop).toContain(`.fw-n${ids[0]}{text-align:left}`);
    const mobile = own.slice(own.lastIndexOf('@media (max-width: 699.98px){'));
    expect(mobile).toContain(`${columns}{width:100%}`);
    expect(mobile).toContain(`.fw-n${ids[0]}{text-align:center}`);
    // Tablets fall back to the desktop value, so they need no rule of their own.
    expect(rest ?? '').not.toContain(`.fw-n${ids[0]}{text-align:left}`);
  });

  test('margin, padding, css id and classes, fonts, borders, shadows and hover styles reach the output', () => {
    const { document, ids } = page([
      'button',
      (block) => {
        const b = block as BlockOf<'button'>;
        return {
          ...b,
          attributes: {
            ...b.attributes,
            basic: {
              ...b.attributes.basic,
              shadows: [{ x: 0, y: 4, blur: 12, spread: 0, color: '#00000033', inset: false }],
              headline: {
                ...b.attributes.basic.headline,
                font: { ...b.attributes.basic.headline.font, family: 'Open Sans', italic: true },
              },
              border: { ...b.attributes.basic.border, width: 2, style: 'dashed', color: '#FF0000' },
            },
            advanced: {
              cssId: 'buy-now',
              cssClasses: 'big  shiny',
              margin: { top: 10, right: 0, bottom: 20, left: 0 },
              padding: { top: 5, right: 6, bottom: 7, left: 8 },
            },
            hover: { backgroundColor: '#111111', color: '#EEEEEE' },
          },
        };
      },
    ]);
    const { html, css, fonts } = renderPage(document);
    const scope = `.fw-n${ids[0]}`;
    expect(html).toContain(`class="fw-block fw-button-block fw-n${ids[0]} big shiny" id="buy-now"`);
    expect(css).toContain(`${scope}{margin:10px 0px 20px 0px`);
    expect(css).toContain('padding:5px 6px 7px 8px');
    expect(css).toContain('box-shadow:0px 4px 12px 0px #00000033');
    expect(css).toContain('border-style:dashed;border-color:#FF0000;border-width:2px 2px 2px 2px');
    expect(css).toContain(
      `${scope} .fw-button-headline{font-family:"Open Sans", sans-serif;font-size:18px;color:#FFFFFF;font-weight:700;font-style:italic`,
    );
    expect(css).toContain(`${scope}>.fw-box:hover{background-color:#111111}`);
    expect(fonts).toEqual(['Open Sans', 'Roboto']);
  });

  test('merchant values cannot break out of the stylesheet', () => {
    const { document } = page([
      'headline',
      (block) => {
        const b = block as BlockOf<'headline'>;
        return {
          ...b,
          attributes: {
            ...b.attributes,
            basic: {
              ...b.attributes.basic,
              backgroundColor: 'red;}</style><script>alert(1)</script>',
              font: { ...b.attributes.basic.font, family: 'X"}</style><script>' },
            },
          },
        };
      },
    ]);
    const { css } = renderPage(document);
    expect(css).not.toMatch(/<\/style/i);
    expect(css).not.toContain('<script>');
    expect(css).not.toContain('red;}');
  });

  test('the page settings style the page box', () => {
    const document = emptyDocument('page');
    const { html, css } = renderPage({
      ...document,
      settings: { ...document.settings, direction: 'rtl', backgroundColor: '#F5F7FB' },
    });
    expect(html).toBe('<div class="fw-page" dir="rtl"></div>');
    expect(css).toContain(
      '.fw-page{background-color:#F5F7FB;padding:68px 30px 100px 30px;font-family:"Roboto", sans-serif;font-size:14px;color:#252A32',
    );
  });

  test('a whole HTML document holds the css in a style element and the page in the body', () => {
    const rendered = renderPage(samplePage());
    const documentHtml = pageDocumentHtml(rendered, { title: 'A & B' });
    expect(documentHtml).toMatch(/^<!doctype html>/);
    expect(documentHtml).toContain('<title>A &#38; B</title>');
    expect(documentHtml).toContain(`<body>${rendered.html}</body>`);
  });
});

describe('link actions', () => {
  const anchorOf = (id: number) => (id === 5 ? 'offer' : undefined);

  test.each([
    [
      { type: 'goto-url', url: 'https://shop.example.com/a', target: '_self' },
      '<a class="fw-box fw-button" href="https://shop.example.com/a" data-action="goto-url">',
    ],
    [
      { type: 'goto-url', url: 'https://x.example', target: '_blank' },
      'href="https://x.example" target="_blank" rel="noopener noreferrer" data-action="goto-url"',
    ],
    [{ type: 'goto-url', url: '', target: '_self' }, '<span class="fw-box fw-button">'],
    [{ type: 'goto-url', url: '#', target: '_self' }, '<span class="fw-box fw-button">'],
    [{ type: 'goto-url', url: ' #no-action ', target: '_self' }, '<span class="fw-box fw-button">'],
    [{ type: 'goto-url', url: 'javascript:alert(1)', target: '_self' }, '<span class="fw-box fw-button">'],
    [{ type: 'submit-step' }, '<button type="button" class="fw-box fw-button" data-action="submit-step">'],
    [{ type: 'next-step' }, 'data-action="next-step"'],
    [{ type: 'no-link' }, '<span class="fw-box fw-button">'],
    [{ type: 'yes-link', productId: 42 }, 'data-action="yes-link" data-product-id="42"'],
    [{ type: 'yes-link' }, '<button type="button" class="fw-box fw-button" data-action="yes-link">'],
    [{ type: 'show-popup', popupId: 7 }, 'data-action="show-popup" data-popup-id="7"'],
    [{ type: 'close-popup' }, 'data-action="close-popup"'],
  ] as [LinkAction, string][])('%o renders %s', (action, expected) => {
    const { document } = page(['button', button(action)]);
    expect(renderPage(document).html).toContain(expected);
  });

  test('goto-element links to the target node, which gets an id to be found by', () => {
    const target = page(['headline', headline('Offer')]);
    const headlineId = target.ids[0]!;
    const { document } = page(['button', button({ type: 'goto-element', elementId: headlineId })]);
    const both = { ...document, children: { ...document.children, ...target.document.children } };
    // The headline joins the same column, so it is placed.
    const rowId = Number(Object.keys(both.rows)[0]);
    const row = both.rows[rowId]!;
    both.rows = {
      ...both.rows,
      [rowId]: {
        ...row,
        cols: [{ ...row.cols[0]!, children: [...row.cols[0]!.children, headlineId] }, row.cols[1]!],
      },
    };
    both.children[headlineId] = { ...both.children[headlineId]!, parent: rowId };
    const { html } = renderPage(both);
    expect(html).toContain(`href="#fw-${headlineId}" data-action="goto-element"`);
    expect(html).toContain(`id="fw-${headlineId}"`);
  });

  test('goto-element uses the css id of its target when it has one, and no link for a missing target', () => {
    expect(linkBehaviour({ type: 'goto-element', elementId: 5 }, anchorOf)).toEqual({
      kind: 'link',
      href: '#offer',
      action: 'goto-element',
    });
    expect(linkBehaviour({ type: 'goto-element', elementId: 6 }, anchorOf)).toEqual({ kind: 'none' });
    expect(linkBehaviour({ type: 'goto-element', elementId: null }, anchorOf)).toEqual({ kind: 'none' });
  });

  test('safeHref keeps web, mail and phone links and paths, and drops script URLs', () => {
    expect(safeHref('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(safeHref('mailto:me@example.com')).toBe('mailto:me@example.com');
    expect(safeHref('tel:+4412345')).toBe('tel:+4412345');
    expect(safeHref('/thank-you')).toBe('/thank-you');
    expect(safeHref('java\tscript:alert(1)')).toBeUndefined();
    expect(safeHref(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,<b>')).toBeUndefined();
    expect(safeHref('#')).toBeUndefined();
  });
});

describe('interactive blocks render static HTML with data attributes for hydration', () => {
  test('timer, two-step form, FAQ and order bump', () => {
    const { html } = renderPage(samplePage());
    expect(html).toContain('data-two-step-form=""');
    expect(html).toContain('<div class="fw-form-step" data-step="2" hidden="">');
    expect(html).toContain('Edit shipping details');
    expect(html).toContain(
      '<details class="fw-box fw-faq"><summary class="fw-faq-title fw-text">Question</summary>',
    );
    const timer = page(['timer', (block) => block], ['orderBump', (block) => block]);
    const timerHtml = renderPage(timer.document).html;
    expect(timerHtml).toContain('data-timer="" data-hours="1" data-minutes="45" data-seconds="15"');
    expect(timerHtml).toMatch(
      /<span class="fw-timer-value" data-part="hours">01<\/span><span class="fw-timer-label">Hours<\/span>/,
    );
    expect(timerHtml).toContain('Yes, add this to my order');
    // The editor shows both steps of a two-step form.
    expect(renderPage(samplePage(), { editor: true }).html).toContain(
      '<div class="fw-form-step" data-step="2"><button',
    );
  });
});

describe('"Number inputs: min 0, max 10000."', () => {
  const basic =
    <T extends BlockType>(change: (b: BlockOf<T>['attributes']['basic']) => object) =>
    (block: Block) =>
      ({
        ...block,
        attributes: {
          ...block.attributes,
          basic: {
            ...(block as BlockOf<T>).attributes.basic,
            ...change((block as BlockOf<T>).attributes.basic),
          },
        },
      }) as Block;
  test("a product list's quantities and a number field are bounded in both renderers", () => {
    const { document } = page(
      [
        'productList',
        basic<'productList'>(() => ({
          selectionType: 'qty',
          entries: [{ productId: 5, title: 'Yoga mat', pcs: 1, price: 25 }],
        })),
      ],
      ['formElement', basic<'formElement'>(() => ({ inputType: 'number' }))],
    );
    for (const { html } of [renderPage(document), renderPageString(document)]) {
      const numbers = html.match(/<input[^>]*type="number"[^>]*>/g) ?? [];
      expect(numbers.length).toBeGreaterThanOrEqual(2);
      for (const input of numbers) {
        expect(input).toContain('min="0"');
        expect(input).toContain('max="10000"');
      }
    }
  });
});
