import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Block, BlockOf, BlockType } from '../../catalogue/registry.ts';
import { escapeHtml } from '../string/html.ts';
import { compileEmail, personaliseEmail } from './compile.ts';
import { emailWithBlocks } from './email-documents.ts';

/** An edit of a block of one type (the cases list blocks of many types). */
function on<K extends BlockType>(type: K, edit: (block: BlockOf<K>) => void): (block: Block) => void {
  return (block) => {
    if (block.type !== type) throw new Error(`Expected a ${type} block, got ${block.type}`);
    edit(block as BlockOf<K>);
  };
}

const HOSTILE = `<script>alert("x")</script> & 'quoted' "double"`;

async function htmlOf(type: BlockType, edit: (block: Block) => void) {
  const { document, ids } = emailWithBlocks([type]);
  edit(document.children[ids[0] as number] as Block);
  const compiled = await compileEmail(document);
  return { html: personaliseEmail(compiled, {}).html, text: personaliseEmail(compiled, {}).text };
}

describe('the HTML has no script', () => {
  test('custom html loses scripts, handlers and javascript: links, and keeps the rest', async () => {
    const { html } = await htmlOf('customHtml', (block) => {
      block.content =
        '<p class="x">Hello</p><script>alert(1)</script><img src="https://a.example/i.png" onerror="alert(1)"><a href="javascript:alert(1)">bad</a><iframe src="https://evil.example"></iframe><a href="https://ok.example">ok</a>';
    });
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe/i);
    expect(html).toContain('<p class="x">Hello</p>');
    expect(html).toContain('src="https://a.example/i.png"');
    expect(html).toContain('<a href="https://ok.example">ok</a>');
  });

  test('a link that is one merge tag stays, and personalising lets in only a safe URL', async () => {
    const { document, ids } = emailWithBlocks(['customHtml']);
    const block = document.children[ids[0] as number] as Block;
    block.content = '<a href="{{tracking_url|#}}">Track</a><a href="x{{tracking_url}}">mixed</a>';
    const compiled = await compileEmail(document);
    const safe = personaliseEmail(compiled, { tracking_url: 'https://track.example/1' }).html;
    expect(safe).toContain('<a href="https://track.example/1">Track</a>');
    const hostile = personaliseEmail(compiled, { tracking_url: 'javascript:alert(1)' }).html;
    expect(hostile).not.toMatch(/javascript:/i);
    expect(hostile).toContain('<a href="">Track</a>');
    // Only a whole tag is kept: text around it goes through the safe-URL rule as before.
    expect(safe).not.toContain('href="x');
  });

  test('unsafe link targets of blocks are dropped', async () => {
    const { html } = await htmlOf('button', (block) => {
      if (block.type === 'button')
        block.attributes.basic.action = { type: 'goto-url', url: 'javascript:alert(1)', target: '_self' };
    });
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe('merchant text stays escaped', () => {
  const cases: [string, BlockType, (block: Block) => void][] = [
    [
      'button',
      'button',
      on('button', (b) => {
        b.attributes.basic.headline.text = HOSTILE;
      }),
    ],
    [
      'link',
      'link',
      (b) => {
        b.content = HOSTILE;
      },
    ],
    [
      'menu',
      'menu',
      on('menu', (b) => {
        (b.attributes.basic.items[0] as { title: string }).title = HOSTILE;
      }),
    ],
    [
      'timer label',
      'timer',
      on('timer', (b) => {
        b.attributes.basic.labels.hours = HOSTILE;
      }),
    ],
    [
      'form label',
      'formElement',
      on('formElement', (b) => {
        b.attributes.basic.label = HOSTILE;
      }),
    ],
    [
      'progress label',
      'progressBar',
      on('progressBar', (b) => {
        b.attributes.basic.value.labelText = HOSTILE;
      }),
    ],
    [
      'product title',
      'productList',
      on('productList', (b) => {
        b.attributes.basic.entries = [{ productId: 1, title: HOSTILE, pcs: 1, price: 1 }];
      }),
    ],
  ];

  test.each(cases)('%s', async (_name, type, edit) => {
    const { html, text } = await htmlOf(type, edit);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toMatch(/&amp; (&#x27;|&#39;)quoted(&#x27;|&#39;) &quot;double&quot;/);
    expect(text).toContain(`& 'quoted' "double"`);
  });

  test('rich text keeps its formatting and drops the script', async () => {
    const { html } = await htmlOf('paragraph', (block) => {
      block.content = `Fish <b>&amp;</b> chips ${HOSTILE}`;
    });
    expect(html).not.toMatch(/<script|alert/i);
    expect(html).toContain('Fish <b>&amp;</b> chips');
  });
});

/**
 * MJML re-indents the lines of a text (`"\n\t"` comes out as `"\n"`), so the check compares what
 * a browser shows: runs of HTML's ASCII whitespace count as one space.
 */
function asShown(html: string) {
  return html.replace(/[ \t\n\f\r]+/g, ' ');
}

describe('any merchant text', () => {
  test('compiles under strict validation and shows escaped, never as markup', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 40 }).filter((text) => !text.includes('{{')),
        async (text) => {
          const { document, ids } = emailWithBlocks(['button', 'menu']);
          const [button, menu] = ids.map((id) => document.children[id]);
          if (button?.type !== 'button' || menu?.type !== 'menu') throw new Error('fixture');
          button.attributes.basic.headline.text = `[${text}]`;
          (menu.attributes.basic.items[0] as { title: string }).title = text;
          const { html } = personaliseEmail(await compileEmail(document), {});
          expect(html).not.toMatch(/<script/i);
          expect(asShown(html)).toContain(asShown(`[${escapeHtml(text)}]`));
        },
      ),
      { numRuns: 40, examples: [['\n\t'], ['<b>&amp;</b>']] },
    );
  });
});
