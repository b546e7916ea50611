import { describe, expect, it } from 'vitest';
import {
  BLOCK_TYPES,
  BLOCKS,
  blockDraft,
  blockSchema,
  EMAIL_BLOCK_TYPES,
  EMAIL_RENDERED_TYPES,
  isBlockType,
  isEmailBlock,
  LAYOUT_ITEMS,
  markupOf,
  PAGE_PALETTE,
  paletteGroups,
  paletteIconName,
  paletteItem,
} from './registry.ts';

describe('block catalogue (spec §3.2)', () => {
  it('"Page palette": the 26 items in the spec order, each with a tag and a title', () => {
    expect(PAGE_PALETTE.map((type) => paletteItem(type).title)).toEqual([
      'Button',
      'Custom HTML',
      'Form element',
      'Headline',
      'Image',
      'Link',
      'Menu',
      'Order bump',
      'Order summary',
      'Paragraph',
      'Payment form',
      'Product list',
      'Progress bar',
      'Row',
      'Section',
      'Social',
      'Spacer',
      'Timer',
      'Video',
      'Form button',
      'Image slider',
      'Container',
      'FAQ',
      'Before/after slider',
      'Two-step form',
      'Form spacer',
    ]);
    const tags = PAGE_PALETTE.map((type) => paletteItem(type).tag);
    expect(new Set(tags).size).toBe(26);
    expect(paletteItem('customHtml')).toEqual({
      type: 'customHtml',
      tag: 'custom-html',
      title: 'Custom HTML',
    });
    expect(paletteItem('row')).toEqual({ type: 'row', tag: 'row', title: 'Row' });
  });

  it('every palette item except row and section is a block stored in children', () => {
    expect([...BLOCK_TYPES].sort()).toEqual(
      PAGE_PALETTE.filter((type) => type !== 'row' && type !== 'section').sort(),
    );
    expect(Object.keys(LAYOUT_ITEMS)).toEqual(['row', 'section']);
    expect(blockSchema.options).toHaveLength(24);
    expect(isBlockType('faq')).toBe(true);
    expect(isBlockType('row')).toBe(false);
    expect(isBlockType('toString')).toBe(false);
  });

  it('"Email blocks: spacer, button, headline, paragraph, image, video, link, social, menu, …"', () => {
    expect(EMAIL_BLOCK_TYPES).toEqual([
      'spacer',
      'button',
      'headline',
      'paragraph',
      'image',
      'video',
      'link',
      'social',
      'menu',
      'timer',
      'customHtml',
      'progressBar',
      'productList',
      'formElement',
      'paymentForm',
      'twoStepForm',
    ]);
    expect(isEmailBlock('twoStepForm')).toBe(true);
    expect(isEmailBlock('orderBump')).toBe(false);
    expect(isEmailBlock('orderSummary')).toBe(false);
    expect(isEmailBlock('faq')).toBe(false);
  });

  it('"email renderings exist for order bump, social, link, menu, form element, progress bar, …"', () => {
    expect(EMAIL_RENDERED_TYPES).toEqual([
      'orderBump',
      'social',
      'link',
      'menu',
      'formElement',
      'progressBar',
      'customHtml',
      'productList',
      'paymentForm',
    ]);
  });

  it.each(BLOCK_TYPES)('the defaults of %s pass its own settings schema', (type) => {
    const definition = BLOCKS[type];
    expect(definition.attributes.safeParse(definition.defaults()).error).toBeUndefined();
    expect(Object.keys(definition.attributes.shape).slice(0, 2)).toEqual(['basic', 'advanced']);
  });

  it.each(Object.values(LAYOUT_ITEMS))('the defaults of $type pass its own settings schema', (item) => {
    expect(item.attributes.safeParse(item.defaults()).error).toBeUndefined();
  });

  it('defaults are fresh objects on every call, so editing one block never changes another', () => {
    const first = BLOCKS.menu.defaults();
    first.basic.items.push({ title: 'Blog', url: '/blog' });
    first.basic.font.size = 40;
    expect(BLOCKS.menu.defaults().basic.items).toHaveLength(3);
    expect(BLOCKS.menu.defaults().basic.font.size).toBe(14);
  });

  it('a draft carries the default content of blocks that have one', () => {
    expect(blockDraft('link')).toEqual({ type: 'link', attributes: BLOCKS.link.defaults(), content: 'Link' });
    expect(blockDraft('spacer')).toEqual({ type: 'spacer', attributes: BLOCKS.spacer.defaults() });
  });
});

describe('the registry is the only list of block kinds', () => {
  it('every palette item has its title, its icon name and a place in the page palette', () => {
    for (const type of PAGE_PALETTE) {
      expect(paletteItem(type).title).not.toBe('');
      expect(paletteIconName(type)).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it('every block kind has page markup, and e-mail markup or `email: false`', () => {
    for (const type of BLOCK_TYPES) {
      const { page, email } = markupOf(type);
      expect(typeof page.View).toBe('function');
      expect(typeof page.html).toBe('function');
      if (email !== false) {
        expect(typeof email.mjml).toBe('function');
        expect(typeof email.text).toBe('function');
      }
    }
    const withoutEmail = BLOCK_TYPES.filter((type) => markupOf(type).email === false);
    expect(withoutEmail).toEqual(['orderSummary', 'imageSlider', 'container', 'faq', 'beforeAfterSlider']);
  });

  it("the e-mail palette offers exactly the spec's e-mail blocks, each with e-mail markup", () => {
    expect(BLOCK_TYPES.filter(isEmailBlock).sort()).toEqual([...EMAIL_BLOCK_TYPES].sort());
    for (const type of [...EMAIL_BLOCK_TYPES, ...EMAIL_RENDERED_TYPES])
      expect(markupOf(type).email).not.toBe(false);
  });

  it('each palette derives its groups from the definitions, in the order the editors show', () => {
    expect(paletteGroups('page')).toEqual([
      { title: 'Layout', types: ['section', 'row', 'container', 'spacer'] },
      {
        title: 'Content',
        types: ['headline', 'paragraph', 'button', 'link', 'image', 'video', 'menu', 'social', 'customHtml'],
      },
      {
        title: 'Checkout',
        types: [
          'formElement',
          'formButton',
          'formSpacer',
          'twoStepForm',
          'paymentForm',
          'orderSummary',
          'orderBump',
          'productList',
        ],
      },
      { title: 'Engagement', types: ['timer', 'progressBar', 'faq', 'imageSlider', 'beforeAfterSlider'] },
    ]);
    expect(paletteGroups('email')).toEqual([
      { title: 'Layout', types: ['section', 'row', 'spacer'] },
      {
        title: 'Content',
        types: ['headline', 'paragraph', 'button', 'link', 'image', 'video', 'menu', 'social', 'customHtml'],
      },
      { title: 'Commerce', types: ['productList', 'formElement', 'paymentForm', 'twoStepForm'] },
      { title: 'Engagement', types: ['timer', 'progressBar'] },
    ]);
  });

  it('no two items of a palette group share a place', () => {
    for (const editor of ['page', 'email'] as const) {
      const places = PAGE_PALETTE.flatMap((type) => {
        const place = (isBlockType(type) ? BLOCKS[type] : LAYOUT_ITEMS[type]).palette[editor];
        return place ? [`${place.group}:${place.at}`] : [];
      });
      expect(new Set(places).size).toBe(places.length);
    }
  });
});
