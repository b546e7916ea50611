import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { Block, BlockOf, BlockType } from '../../catalogue/registry.ts';
import { EMAIL_BLOCK_TYPES, EMAIL_RENDERED_TYPES } from '../../catalogue/registry.ts';
import { type EditorDocument, validateDocument } from '../../document/schema.ts';
import { compileEmail, squeezeLines } from './compile.ts';
import { emailWithBlocks } from './email-documents.ts';
import { type EmailRenderOptions, renderEmailMjml } from './render-mjml.ts';
import { EMAIL_SOCIAL_ICONS } from './social-icons.ts';

/** An edit of a block of one type (the cases list blocks of many types). */
function on<K extends BlockType>(type: K, edit: (block: BlockOf<K>) => void): (block: Block) => void {
  return (block) => {
    if (block.type !== type) throw new Error(`Expected a ${type} block, got ${block.type}`);
    edit(block as BlockOf<K>);
  };
}

/** An e-mail of one block of `type`, changed by `edit` (the block is a deep copy, free to mutate). */
function emailOf(type: BlockType, edit: (block: Block, document: EditorDocument) => void = () => {}) {
  const { document, ids } = emailWithBlocks([type]);
  const copy = structuredClone(document);
  edit(copy.children[ids[0] as number] as Block, copy);
  return copy;
}

/** The app's public address the e-mails' social icons are served under. */
const ASSET_BASE = 'https://app.funnelwork.test';

function mjmlOf(
  type: BlockType,
  edit?: (block: Block, document: EditorDocument) => void,
  options?: EmailRenderOptions,
): string {
  return renderEmailMjml(emailOf(type, edit), options);
}

/** Settings whose defaults draw nothing in an e-mail (an image without a source, a video without a link). */
const VISIBLE: Partial<Record<BlockType, (block: Block) => void>> = {
  image: (block) => {
    if (block.type === 'image') block.attributes.basic.url = 'https://cdn.example.com/a.png';
  },
  video: (block) => {
    if (block.type === 'video') {
      block.attributes.basic.url = 'https://video.example.com/watch?v=1';
      block.attributes.basic.thumbnail = 'https://cdn.example.com/thumb.jpg';
    }
  },
  customHtml: (block) => {
    block.content = '<p>Hello</p>';
  },
  productList: (block) => {
    if (block.type === 'productList')
      block.attributes.basic.entries = [{ productId: 1, title: 'Mug', pcs: 2, price: 9.5 }];
  },
};

/** What each block type's default e-mail shows. */
const SHOWS: Record<(typeof EMAIL_BLOCK_TYPES)[number] | 'orderBump', string> = {
  spacer: '<mj-divider',
  button: '>Click here</mj-button>',
  headline: '>Headline</mj-text>',
  paragraph: '>Paragraph</mj-text>',
  image: 'src="https://cdn.example.com/a.png"',
  video: 'href="https://video.example.com/watch?v=1"',
  link: '>Link</span>',
  social: 'name="facebook-noshare"',
  menu: '>Contact</span>',
  timer: '>45</div>',
  customHtml: '<p>Hello</p>',
  progressBar: 'width="60%"',
  productList: '>◉ Mug</td>',
  formElement: 'Label *',
  paymentForm: 'Card number',
  twoStepForm: 'Your shipping details',
  orderBump: 'Yes, add this to my order',
};

describe('every e-mail block', () => {
  const types = [...new Set([...EMAIL_BLOCK_TYPES, ...EMAIL_RENDERED_TYPES, 'orderBump' as const])];

  test.each(types)('%s renders MJML that passes strict validation', async (type) => {
    const document = emailOf(type, (block) => VISIBLE[type]?.(block));
    const source = renderEmailMjml(document, { assetBase: ASSET_BASE });
    expect(source).toContain(SHOWS[type as keyof typeof SHOWS]);
    const compiled = await compileEmail(document, { assetBase: ASSET_BASE });
    expect(compiled.html.parts.join('')).toMatch(/^<!doctype html>/i);
  });

  test('all of them together compile to table-based HTML without web-font links', async () => {
    const { document } = emailWithBlocks([...EMAIL_BLOCK_TYPES, 'orderBump']);
    const html = (await compileEmail(document)).html.parts.join('');
    expect(html).toContain('<table');
    expect(html).not.toContain('fonts.googleapis');
    expect(html).not.toMatch(/<script/i);
  });
});

describe('"A video renders as its thumbnail linking to the video"', () => {
  test('the thumbnail is the image, the video its link; no player in the mail', async () => {
    const document = emailOf('video', (block) => VISIBLE.video?.(block));
    const html = (await compileEmail(document)).html.parts.join('');
    expect(html).toMatch(
      /<a\s+href="https:\/\/video\.example\.com\/watch\?v=1"\s+target="_blank"\s*>\s*<img[^>]*\ssrc="https:\/\/cdn\.example\.com\/thumb\.jpg"/,
    );
    expect(html).not.toMatch(/<iframe|<video/i);
  });

  test('without a thumbnail the video is a text link; without a safe URL nothing links', () => {
    const bare = mjmlOf(
      'video',
      on('video', (b) => {
        b.attributes.basic.url = 'https://video.example.com/watch?v=1';
      }),
    );
    expect(bare).toContain('<a href="https://video.example.com/watch?v=1" target="_blank">▶ ');
    expect(bare).not.toContain('<mj-image');
    const unsafe = mjmlOf(
      'video',
      on('video', (b) => {
        b.attributes.basic.url = 'javascript:alert(1)';
        b.attributes.basic.thumbnail = 'https://cdn.example.com/thumb.jpg';
      }),
    );
    expect(unsafe).toContain('src="https://cdn.example.com/thumb.jpg"');
    expect(unsafe).not.toContain('href=');
  });
});

describe('the social block draws its icons from the app, never from a third party', () => {
  test("each enabled network is its badge with the icon under the app's public address", async () => {
    const document = emailOf('social');
    const html = (await compileEmail(document, { assetBase: `${ASSET_BASE}/` })).html.parts.join('');
    for (const network of ['facebook', 'instagram', 'x', 'linkedin', 'youtube']) {
      expect(html).toContain(`src="${ASSET_BASE}/email-assets/social/${network}.png"`);
    }
    // mjml's defaults would load them from its own host.
    expect(html).not.toContain('mailjet');
  });

  test("a document's old 'twitter' item shows the X icon; an unknown network its name as a link", () => {
    const source = mjmlOf(
      'social',
      (block) => {
        const items = (block as BlockOf<'social'>).attributes.basic.items;
        items[0] = { title: 'Twitter', status: true, url: 'https://twitter.com/shop', icon: 'twitter' };
        items[1] = {
          title: 'Mastodon',
          status: true,
          url: 'https://mastodon.social/@shop',
          icon: 'mastodon',
        };
      },
      { assetBase: ASSET_BASE },
    );
    expect(source).toContain(`name="x-noshare" src="${ASSET_BASE}/email-assets/social/x.png"`);
    expect(source).toMatch(/href="https:\/\/mastodon.social\/@shop"[^>]*>Mastodon</);
  });

  test("without the app's address every network is its name as a text link, with no image box", async () => {
    const html = (await compileEmail(emailOf('social'))).html.parts.join('');
    expect(html).not.toMatch(/<img/);
    expect(html).not.toContain('mailjet');
    expect(html).toMatch(/<(a|span) [^>]*style="[^"]*">Facebook<\/\1>/);
  });

  test('a network without a stored icon is a text link beside the icons, never an empty 24 px image', async () => {
    const document = emailOf('social', (block) => {
      const items = (block as BlockOf<'social'>).attributes.basic.items;
      items[1] = { title: 'Mastodon', status: true, url: 'https://mastodon.social/@shop', icon: 'mastodon' };
      items[2] = { title: 'Blog & <news>', status: true, url: 'javascript:alert(1)', icon: 'rss' };
    });
    const html = (await compileEmail(document, { assetBase: ASSET_BASE })).html.parts.join('');
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/\ssrc="https:\/\/app\.funnelwork\.test\//);
    expect(images.join('')).not.toMatch(/alt="(Mastodon|Blog)/);
    expect(html).toMatch(
      /<a href="https:\/\/mastodon\.social\/@shop" target="_blank" style="color:[^"]*;font-family:[^"]*;font-size:\d+px;text-decoration:none">Mastodon<\/a>/,
    );
    // No safe URL: the name alone, escaped.
    expect(html).toMatch(/<span style="[^"]*">Blog &amp; &lt;news&gt;<\/span>/);
    expect(html).not.toContain('javascript:');
    // Outlook lays the row out as table cells: the text link has its own, as each icon does.
    expect(html).toMatch(
      /<!--\[if mso \| IE\]><\/td><td><!\[endif\]--><table align="center"[^>]*display:inline-table;"><tbody><tr><td [^>]*><a href="https:\/\/mastodon/,
    );
  });

  test("every icon the renderer links exists in the web app's public assets", () => {
    const dir = fileURLToPath(
      new URL('../../../../../apps/web/public/email-assets/social/', import.meta.url),
    );
    for (const network of EMAIL_SOCIAL_ICONS) {
      const png = fs.readFileSync(`${dir}${network}.png`);
      expect(png.subarray(1, 4).toString('latin1'), network).toBe('PNG');
    }
  });
});

describe('each setting changes the e-mail', () => {
  type Case = [string, BlockType, (block: Block) => void, string];
  const cases: Case[] = [
    [
      'spacer width',
      'spacer',
      on('spacer', (b) => {
        b.attributes.basic.widthNumber.number = 5;
      }),
      'border-width="5px"',
    ],
    [
      'spacer colour',
      'spacer',
      on('spacer', (b) => {
        b.attributes.basic.color = '#FF0000';
      }),
      'border-color="#FF0000"',
    ],
    [
      'spacer style',
      'spacer',
      on('spacer', (b) => {
        b.attributes.basic.style = 'dashed';
      }),
      'border-style="dashed"',
    ],
    [
      'button text',
      'button',
      on('button', (b) => {
        b.attributes.basic.headline.text = 'Buy now';
      }),
      '>Buy now',
    ],
    [
      'button sub-headline',
      'button',
      on('button', (b) => {
        b.attributes.basic.subHeadline.text = 'Today only';
      }),
      'Today only</span>',
    ],
    [
      'button url',
      'button',
      on('button', (b) => {
        b.attributes.basic.action = { type: 'goto-url', url: 'https://shop.example.com', target: '_blank' };
      }),
      'href="https://shop.example.com" target="_blank"',
    ],
    [
      'button fill width',
      'button',
      on('button', (b) => {
        b.attributes.basic.displayType = 'block';
      }),
      'align="center" width="100%"',
    ],
    [
      'button background',
      'button',
      on('button', (b) => {
        b.attributes.basic.backgroundColor = '#00AA00';
      }),
      'background-color="#00AA00"',
    ],
    [
      'button font',
      'button',
      on('button', (b) => {
        b.attributes.basic.headline.font.color = '#FAFAFA';
        b.attributes.basic.headline.font.size = 22;
      }),
      'font-size="22px" color="#FAFAFA"',
    ],
    [
      'button alignment',
      'button',
      on('button', (b) => {
        b.attributes.basic.align.desktop = 'right';
      }),
      'align="right"',
    ],
    [
      'button radius',
      'button',
      on('button', (b) => {
        b.attributes.basic.border.radius.topLeft = 20;
      }),
      'border-radius="20px"',
    ],
    [
      'button border',
      'button',
      on('button', (b) => {
        Object.assign(b.attributes.basic.border, { width: 3, style: 'solid', color: '#111111' });
      }),
      'border="3px solid #111111"',
    ],
    [
      'button inner padding',
      'button',
      (b) => {
        b.attributes.advanced.padding.top = 20;
      },
      'inner-padding="20px 24px 12px 24px"',
    ],
    [
      'button line spacing',
      'button',
      on('button', (b) => {
        b.attributes.basic.lineSpacing = 2;
      }),
      'line-height="200%"',
    ],
    [
      'headline content',
      'headline',
      (b) => {
        b.content = 'Big <b>news</b>';
      },
      'Big <b>news</b>',
    ],
    [
      'headline font size',
      'headline',
      on('headline', (b) => {
        b.attributes.basic.font.size = 32;
      }),
      'font-size="32px"',
    ],
    [
      'paragraph colour',
      'paragraph',
      on('paragraph', (b) => {
        b.attributes.basic.font.color = '#123456';
      }),
      'color="#123456"',
    ],
    [
      'paragraph italic',
      'paragraph',
      on('paragraph', (b) => {
        b.attributes.basic.font.italic = true;
      }),
      'font-style="italic"',
    ],
    [
      'paragraph underline',
      'paragraph',
      on('paragraph', (b) => {
        b.attributes.basic.font.underline = true;
      }),
      'text-decoration="underline"',
    ],
    [
      'paragraph alignment',
      'paragraph',
      on('paragraph', (b) => {
        b.attributes.basic.font.align = 'right';
      }),
      'align="right"',
    ],
    [
      'paragraph line height',
      'paragraph',
      on('paragraph', (b) => {
        b.attributes.basic.lineHeight = 2;
      }),
      'line-height="2"',
    ],
    [
      'paragraph letter spacing',
      'paragraph',
      on('paragraph', (b) => {
        b.attributes.basic.letterSpacing = 2;
      }),
      'letter-spacing="2px"',
    ],
    [
      'paragraph background',
      'paragraph',
      on('paragraph', (b) => {
        b.attributes.basic.backgroundColor = '#EEEEEE';
      }),
      'container-background-color="#EEEEEE"',
    ],
    [
      'paragraph border',
      'paragraph',
      on('paragraph', (b) => {
        Object.assign(b.attributes.basic.border, { width: 1, style: 'dotted', color: '#222222' });
      }),
      'border:1px dotted #222222',
    ],
    [
      'paragraph padding and margin',
      'paragraph',
      (b) => {
        b.attributes.advanced.padding.left = 7;
        b.attributes.advanced.margin.left = 3;
      },
      'padding="0px 0px 0px 10px"',
    ],
    [
      'paragraph css classes',
      'paragraph',
      (b) => {
        b.attributes.advanced.cssClasses = 'promo big';
      },
      'css-class="promo big"',
    ],
    [
      'paragraph hidden on phones',
      'paragraph',
      (b) => {
        b.responsive.mobile = false;
      },
      'css-class="fw-hide-mobile"',
    ],
    [
      'paragraph hidden on tablets and desktops',
      'paragraph',
      (b) => {
        b.responsive.tablets = false;
        b.responsive.desktop = false;
      },
      'css-class="fw-hide-desktop fw-hide-tablets"',
    ],
    [
      'image alt',
      'image',
      on('image', (b) => {
        b.attributes.basic.alt = 'A mug';
      }),
      'alt="A mug"',
    ],
    [
      'image width',
      'image',
      on('image', (b) => {
        b.attributes.basic.size.width = 300;
      }),
      'width="300px"',
    ],
    [
      'image height',
      'image',
      on('image', (b) => {
        b.attributes.basic.size.height = 120;
      }),
      'height="120px"',
    ],
    [
      'image link',
      'image',
      on('image', (b) => {
        b.attributes.basic.action = { type: 'goto-url', url: 'https://a.example', target: '_self' };
      }),
      'href="https://a.example"',
    ],
    [
      'image alignment',
      'image',
      on('image', (b) => {
        b.attributes.basic.align.desktop = 'left';
      }),
      'align="left"',
    ],
    [
      'image radius',
      'image',
      on('image', (b) => {
        b.attributes.basic.border.radius.topRight = 8;
      }),
      'border-radius="8px"',
    ],
    [
      'video size',
      'video',
      on('video', (b) => {
        b.attributes.basic.size.width = 400;
      }),
      'width="400px"',
    ],
    [
      'video alignment',
      'video',
      on('video', (b) => {
        b.attributes.basic.align.desktop = 'right';
      }),
      'align="right"',
    ],
    [
      'link label',
      'link',
      (b) => {
        b.content = 'Read more';
      },
      '>Read more<',
    ],
    [
      'link url',
      'link',
      on('link', (b) => {
        b.attributes.basic.action = { type: 'goto-url', url: 'https://blog.example', target: '_blank' };
      }),
      '<a href="https://blog.example" target="_blank"',
    ],
    [
      'link colour',
      'link',
      on('link', (b) => {
        b.attributes.basic.font.color = '#AA0000';
      }),
      'color:#AA0000',
    ],
    [
      'link text shadow',
      'link',
      on('link', (b) => {
        b.attributes.basic.textShadows.push({ x: 1, y: 1, blur: 2, color: '#000000' });
      }),
      'text-shadow:1px 1px 2px #000000',
    ],
    [
      'social url',
      'social',
      on('social', (b) => {
        (b.attributes.basic.items[0] as { url: string }).url = 'https://facebook.com/shop';
      }),
      'href="https://facebook.com/shop"',
    ],
    [
      'social icon size',
      'social',
      on('social', (b) => {
        b.attributes.basic.iconSize = 32;
      }),
      'icon-size="32px"',
    ],
    [
      'social gap',
      'social',
      on('social', (b) => {
        b.attributes.basic.gap = 20;
      }),
      'inner-padding="0px 10px"',
    ],
    [
      'social alignment',
      'social',
      on('social', (b) => {
        b.attributes.basic.align.desktop = 'left';
      }),
      'align="left"',
    ],
    [
      'social colour',
      'social',
      on('social', (b) => {
        b.attributes.basic.color = '#333333';
      }),
      'color="#333333"',
    ],
    [
      'menu items',
      'menu',
      on('menu', (b) => {
        b.attributes.basic.items.push({ title: 'Blog', url: 'https://blog.example' });
      }),
      '<a href="https://blog.example"',
    ],
    [
      'menu vertical',
      'menu',
      on('menu', (b) => {
        b.attributes.basic.orientation = 'vertical';
      }),
      'padding-bottom:24px',
    ],
    [
      'menu gap',
      'menu',
      on('menu', (b) => {
        b.attributes.basic.gap = 40;
      }),
      'width:40px',
    ],
    [
      'menu alignment',
      'menu',
      on('menu', (b) => {
        b.attributes.basic.align.desktop = 'left';
      }),
      'align="left"',
    ],
    [
      'menu font',
      'menu',
      on('menu', (b) => {
        b.attributes.basic.font.size = 20;
      }),
      'font-size="20px"',
    ],
    [
      'timer hours',
      'timer',
      on('timer', (b) => {
        b.attributes.basic.hours = 5;
      }),
      '>05</div>',
    ],
    [
      'timer labels',
      'timer',
      on('timer', (b) => {
        b.attributes.basic.labels.minutes = 'Min';
      }),
      '>Min</div>',
    ],
    [
      'timer value font',
      'timer',
      on('timer', (b) => {
        b.attributes.basic.valueFont.size = 30;
      }),
      'font-size:30px',
    ],
    [
      'timer label font',
      'timer',
      on('timer', (b) => {
        b.attributes.basic.labelFont.color = '#999999';
      }),
      'color:#999999',
    ],
    [
      'timer alignment',
      'timer',
      on('timer', (b) => {
        b.attributes.basic.align.desktop = 'left';
      }),
      'align="left"',
    ],
    [
      'custom html block styles',
      'customHtml',
      on('customHtml', (b) => {
        b.attributes.basic.blockStyles = 'color: red';
      }),
      'color: red',
    ],
    [
      'progress value',
      'progressBar',
      on('progressBar', (b) => {
        b.attributes.basic.value.valueNumber.number = 30;
      }),
      'width="30%"',
    ],
    [
      'progress label',
      'progressBar',
      on('progressBar', (b) => {
        b.attributes.basic.value.labelText = 'Almost there';
      }),
      '>Almost there</span>',
    ],
    [
      'progress colours',
      'progressBar',
      on('progressBar', (b) => {
        b.attributes.basic.progressColor2 = '#00FF00';
      }),
      'linear-gradient(90deg, #4368E0, #00FF00)',
    ],
    [
      'progress track',
      'progressBar',
      on('progressBar', (b) => {
        b.attributes.basic.backgroundColor = '#DDDDDD';
      }),
      'background-color:#DDDDDD',
    ],
    [
      'progress height',
      'progressBar',
      on('progressBar', (b) => {
        b.attributes.basic.height = 30;
      }),
      'height:30px',
    ],
    [
      'progress label position',
      'progressBar',
      on('progressBar', (b) => {
        b.attributes.basic.labelPosition = 'left';
      }),
      'text-align:left',
    ],
    [
      'product title font',
      'productList',
      on('productList', (b) => {
        b.attributes.basic.titleFont.color = '#880000';
      }),
      'color:#880000',
    ],
    [
      'product price font',
      'productList',
      on('productList', (b) => {
        b.attributes.basic.priceFont.color = '#008800';
      }),
      'color:#008800',
    ],
    [
      'product quantity',
      'productList',
      on('productList', (b) => {
        (b.attributes.basic.entries[0] as { pcs: number }).pcs = 7;
      }),
      '7 pcs',
    ],
    [
      'product multi-checkout',
      'productList',
      on('productList', (b) => {
        b.attributes.basic.selectionType = 'multi';
      }),
      '☐ Mug',
    ],
    [
      'form label',
      'formElement',
      on('formElement', (b) => {
        b.attributes.basic.label = 'Your name';
      }),
      'Your name *',
    ],
    [
      'form optional',
      'formElement',
      on('formElement', (b) => {
        b.attributes.basic.required = false;
      }),
      '>Label</div>',
    ],
    [
      'form placeholder',
      'formElement',
      on('formElement', (b) => {
        b.attributes.basic.placeholder = 'Jane';
      }),
      '>Jane</div>',
    ],
    [
      'form radio',
      'formElement',
      on('formElement', (b) => {
        Object.assign(b.attributes.basic, { inputType: 'radio', options: [{ label: 'Red', value: 'r' }] });
      }),
      '◯ Red',
    ],
    [
      'form background',
      'formElement',
      on('formElement', (b) => {
        b.attributes.basic.backgroundColor = '#F0F0F0';
      }),
      'background-color:#F0F0F0',
    ],
    [
      'payment labels hidden',
      'paymentForm',
      on('paymentForm', (b) => {
        b.attributes.basic.showLabels = false;
      }),
      '>1234 1234 1234 1234</div><div style="height:8px"></div><div style="background',
    ],
    [
      'two-step header',
      'twoStepForm',
      on('twoStepForm', (b) => {
        (b.attributes.basic.header[0] as { title: string }).title = 'Delivery';
      }),
      '>Delivery<div',
    ],
    [
      'two-step background',
      'twoStepForm',
      on('twoStepForm', (b) => {
        b.attributes.basic.backgroundColor = '#FAFAFA';
      }),
      'container-background-color="#FAFAFA"',
    ],
    [
      'two-step padding insets its blocks',
      'twoStepForm',
      on('twoStepForm', (b) => {
        b.attributes.advanced.padding.left = 40;
      }),
      'padding="0px 30px 12px 40px"',
    ],
    [
      'order bump headline',
      'orderBump',
      on('orderBump', (b) => {
        b.attributes.basic.headline = 'Add gift wrap';
      }),
      '☐ Add gift wrap',
    ],
    [
      'order bump selected',
      'orderBump',
      on('orderBump', (b) => {
        b.attributes.basic.selected = true;
      }),
      '☑ Yes',
    ],
    [
      'order bump content',
      'orderBump',
      on('orderBump', (b) => {
        b.attributes.basic.content = 'Only 5.00';
      }),
      '>Only 5.00</div>',
    ],
  ];

  test.each(cases)('%s', async (_name, type, edit, expected) => {
    const before = mjmlOf(type, (block) => VISIBLE[type]?.(block));
    const document = emailOf(type, (block) => {
      VISIBLE[type]?.(block);
      edit(block);
    });
    const after = renderEmailMjml(document);
    expect(before).not.toContain(expected);
    expect(after).toContain(expected);
    await expect(compileEmail(document)).resolves.toBeDefined();
  });
});

describe('"Email default width 650, maximum 1200": the e-mail\'s width is a setting of its document', () => {
  test('absent, the e-mail is 650 wide; set, mj-body and the compiled HTML take the setting', async () => {
    const { document } = emailWithBlocks(['paragraph']);
    expect(renderEmailMjml(document)).toContain('<mj-body width="650px"');
    document.settings.width = 800;
    expect(renderEmailMjml(document)).toContain('<mj-body width="800px"');
    const { html } = await compileEmail(document);
    expect(html.parts.join('')).toContain('max-width:800px');
    expect(html.parts.join('')).not.toContain('max-width:650px');
  });

  test('the document refuses a width above 1200 or below the 480 breakpoint, naming settings.width', () => {
    const { document } = emailWithBlocks(['paragraph']);
    expect(validateDocument({ ...document, settings: { ...document.settings, width: 1200 } }).ok).toBe(true);
    for (const [width, message] of [
      [1201, 'must be at most 1200'],
      [479, 'must be at least 480'],
      [650.5, 'must be a whole number of pixels'],
    ] as const) {
      const checked = validateDocument({ ...document, settings: { ...document.settings, width } });
      expect(checked.ok ? [] : checked.issues).toEqual([{ path: 'settings.width', message }]);
    }
  });
});

describe("the compiled HTML without mjml's indentation", () => {
  test('a run of whitespace with a line break becomes one line break, except in <pre> and <textarea>', () => {
    const html =
      '<td>\n      <div\n         class="a"\n      >Hi  there,\n   you</div>\n<pre>  kept\n    as is</pre>\n  <TEXTAREA>a\n   b</TEXTAREA>\n  end';
    expect(squeezeLines(html)).toBe(
      '<td>\n<div\nclass="a"\n>Hi  there,\nyou</div>\n<pre>  kept\n    as is</pre>\n<TEXTAREA>a\n   b</TEXTAREA>\nend',
    );
  });
});

describe("the template's custom CSS (Code Editor tab) is inlined where mail clients need it", () => {
  const css = [
    '.promo { color: #c00 }',
    '.promo div { letter-spacing: 1px }',
    'a:hover { color: red }',
    '@media (max-width: 480px) { .promo { font-size: 12px } }',
  ].join('\n');
  const document = () =>
    emailOf('paragraph', (block) => {
      block.attributes.advanced.cssClasses = 'promo';
      block.content = 'Hi {{first_name|you &amp; yours}}';
    });

  test('plain rules land in the style attributes; media queries and :hover stay in the head', async () => {
    const compiled = await compileEmail(document(), { css });
    const html = compiled.html.parts.join('');
    const [head, body] = html.split('<body') as [string, string];
    expect(body).toMatch(/class="promo" style="color: #c00;/);
    // A rule on an element whose style quotes its font (`&quot;Roboto&quot;`) is inlined too.
    expect(body).toMatch(/<div style="letter-spacing: 1px; font-family: &quot;Roboto&quot;, sans-serif;/);
    expect(head).toContain('a:hover { color: red }');
    expect(head).toContain('@media (max-width: 480px) { .promo { font-size: 12px } }');
    expect(head).not.toContain('.promo { color: #c00 }');
    // The merge tag survives the inlining as it was written.
    expect(compiled.html.tags).toEqual([{ name: 'first_name', fallback: 'you &amp; yours', url: false }]);
  });

  test('without custom CSS the e-mail is as mjml writes it, no inlining pass', async () => {
    const plain = (await compileEmail(document())).html.parts.join('');
    expect(plain).not.toContain('color: #c00');
    expect(plain).toMatch(/style="font-family:&quot;Roboto&quot;, sans-serif;/);
  });
});
