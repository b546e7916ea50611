import { describe, expect, test } from 'vitest';
import type { Block, BlockOf, BlockType, EMAIL_BLOCK_TYPES } from '../../catalogue/registry.ts';
import { compileEmail, personaliseEmail } from './compile.ts';
import { emailWithBlocks } from './email-documents.ts';
import { renderEmailText } from './plain-text.ts';

/** An edit of a block of one type (the cases list blocks of many types). */
function on<K extends BlockType>(type: K, edit: (block: BlockOf<K>) => void): (block: Block) => void {
  return (block) => {
    if (block.type !== type) throw new Error(`Expected a ${type} block, got ${block.type}`);
    edit(block as BlockOf<K>);
  };
}

/** The plain-text part of an e-mail of one block of `type`, changed by `edit`. */
function textOf(type: BlockType, edit: (block: Block) => void = () => {}): string {
  const { document, ids } = emailWithBlocks([type]);
  edit(document.children[ids[0] as number] as Block);
  return renderEmailText(document);
}

/** What each block type's default reads as in the text part ('' for blocks with nothing to read). */
const READS: Record<(typeof EMAIL_BLOCK_TYPES)[number] | 'orderBump', string> = {
  spacer: '---',
  button: 'Click here',
  headline: 'Headline',
  paragraph: 'Paragraph',
  image: '',
  video: '',
  link: 'Link',
  social: '',
  menu: 'Home | About | Contact',
  timer: '01 Hours : 45 Minutes : 15 Seconds',
  customHtml: '',
  progressBar: '60%',
  productList: '',
  formElement: 'Label',
  paymentForm: '',
  twoStepForm:
    'Shipping\n\nYour shipping details\n\nFull name\n\nEmail\n\nPhone\n\nShipping address\n\nCity\n\nCountry\n\nState\n\nZip\n\nGo to step #2\n\nYour Info\n\nYour billing details\n\nComplete order',
  orderBump: 'Yes, add this to my order',
};

describe('the plain-text part of every e-mail block', () => {
  test.each(Object.entries(READS))('%s reads as its words', (type, words) => {
    expect(textOf(type as BlockType)).toBe(`${words}\n`);
  });
});

describe('each setting a reader sees in the plain-text part', () => {
  type Case = [string, BlockType, (block: Block) => void, string];
  const cases: Case[] = [
    [
      'button sub-headline and link',
      'button',
      on('button', (b) => {
        b.attributes.basic.subHeadline.text = 'Today only';
        b.attributes.basic.action = { type: 'goto-url', url: 'https://shop.example/buy', target: '_blank' };
      }),
      'Click here — Today only [https://shop.example/buy]',
    ],
    [
      'rich text as words, its links in brackets',
      'paragraph',
      (b) => {
        b.content = 'Read <b>our</b> <a href="https://blog.example/post">post</a>.';
      },
      'Read our post [https://blog.example/post].',
    ],
    [
      'link label and url',
      'link',
      on('link', (b) => {
        b.content = 'Read more';
        b.attributes.basic.action = { type: 'goto-url', url: 'https://blog.example', target: '_self' };
      }),
      'Read more [https://blog.example]',
    ],
    [
      'image alt and link',
      'image',
      on('image', (b) => {
        b.attributes.basic.url = 'https://cdn.example.com/a.png';
        b.attributes.basic.alt = 'A mug';
        b.attributes.basic.action = { type: 'goto-url', url: 'https://shop.example/mug', target: '_blank' };
      }),
      'A mug [https://shop.example/mug]',
    ],
    [
      'video link',
      'video',
      on('video', (b) => {
        b.attributes.basic.url = 'https://video.example.com/watch?v=1';
      }),
      'Video: https://video.example.com/watch?v=1',
    ],
    [
      'social networks with a link',
      'social',
      on('social', (b) => {
        (b.attributes.basic.items[0] as { url: string }).url = 'https://facebook.com/shop';
        (b.attributes.basic.items[1] as { url: string; status: boolean }).url = 'https://instagram.com/shop';
        (b.attributes.basic.items[1] as { status: boolean }).status = false;
      }),
      'Facebook [https://facebook.com/shop]',
    ],
    [
      'menu item links',
      'menu',
      on('menu', (b) => {
        b.attributes.basic.items = [{ title: 'Blog', url: 'https://blog.example' }];
      }),
      'Blog [https://blog.example]',
    ],
    [
      'timer values and labels by the §5 rule',
      'timer',
      on('timer', (b) => {
        Object.assign(b.attributes.basic, { hours: 30, minutes: 75, seconds: 5 });
        b.attributes.basic.labels.minutes = 'Min';
      }),
      '00 Hours : 60 Min : 05 Seconds',
    ],
    [
      'progress label',
      'progressBar',
      on('progressBar', (b) => {
        b.attributes.basic.value.labelText = 'Almost there';
      }),
      'Almost there',
    ],
    [
      'product list entries',
      'productList',
      on('productList', (b) => {
        b.attributes.basic.entries = [{ productId: 1, title: 'Mug', pcs: 2, price: 9.5 }];
      }),
      'Mug — 2 pcs — 9.50',
    ],
    [
      'custom html as text, without its script',
      'customHtml',
      (b) => {
        b.content = '<p>Hello <a href="https://ok.example">there</a></p><script>alert(1)</script>';
      },
      'Hello there [https://ok.example]',
    ],
  ];

  test.each(cases)('%s', (_name, type, edit, expected) => {
    expect(textOf(type)).not.toContain(expected);
    expect(textOf(type, edit)).toBe(`${expected}\n`);
  });

  test('a hidden form label and unsafe links leave nothing behind', () => {
    expect(
      textOf(
        'formElement',
        on('formElement', (b) => {
          b.attributes.basic.showLabel = false;
        }),
      ),
    ).toBe('\n');
    expect(
      textOf(
        'button',
        on('button', (b) => {
          b.attributes.basic.action = { type: 'goto-url', url: 'javascript:alert(1)', target: '_self' };
        }),
      ),
    ).toBe('Click here\n');
    expect(
      textOf(
        'video',
        on('video', (b) => {
          b.attributes.basic.url = 'javascript:alert(1)';
        }),
      ),
    ).toBe('\n');
  });
});

describe('the plain-text part as a whole', () => {
  test('blocks in reading order (section, row, column), a blank line between them', () => {
    const { document } = emailWithBlocks(['headline', 'paragraph', 'button']);
    expect(renderEmailText(document)).toBe('Headline\n\nParagraph\n\nClick here\n');
    const row = document.rows[2];
    if (!row) throw new Error('fixture');
    const [first, ...rest] = row.cols[0]?.children ?? [];
    row.cols = [
      { width: 50, children: rest },
      { width: 50, children: first === undefined ? [] : [first] },
    ];
    expect(renderEmailText(document)).toBe('Paragraph\n\nClick here\n\nHeadline\n');
  });

  test('is the compiled text part, its merge tags filled without HTML escaping', async () => {
    const { document, ids } = emailWithBlocks(['paragraph']);
    (document.children[ids[0] as number] as Block).content = 'Hi {{first_name|there}} &amp; welcome';
    const compiled = await compileEmail(document);
    expect(personaliseEmail(compiled, {}).text).toBe('Hi there & welcome\n');
    expect(personaliseEmail(compiled, { first_name: 'Tom & "Jerry"' }).text).toBe(
      'Hi Tom & "Jerry" & welcome\n',
    );
  });
});
