import { describe, expect, it } from 'vitest';
import { BUTTON_DISPLAY_TYPES } from '../blocks/button.tsx';
import { DEFAULT_FORM_FIELDS } from '../blocks/form-element.tsx';
import { SELECTION_TYPES } from '../blocks/product-list.tsx';
import { twoStepFormSeed } from '../blocks/two-step-form.tsx';
import { BLOCKS } from './registry.ts';
import { row } from './row.ts';
import { section } from './section.ts';

describe('block defaults (spec §9)', () => {
  it('"Default font Roboto 14, colour #252A32."', () => {
    expect(BLOCKS.paragraph.defaults().basic.font).toEqual({
      family: 'Roboto',
      size: 14,
      color: '#252A32',
      bold: false,
      italic: false,
      lineThrough: false,
      underline: false,
      align: 'left',
    });
  });

  it('"Menu font Roboto 14 colour #636A7B, hover #4368E0"; "items (title, url; three defaults)"', () => {
    const menu = BLOCKS.menu.defaults().basic;
    expect(menu.font).toMatchObject({ family: 'Roboto', size: 14, color: '#636A7B' });
    expect(menu.hoverColor).toBe('#4368E0');
    expect(menu.items).toEqual([
      { title: 'Home', url: '#' },
      { title: 'About', url: '#' },
      { title: 'Contact', url: '#' },
    ]);
  });

  it('"Headline font size 18, sub-headline 14, value font 14."', () => {
    expect(BLOCKS.headline.defaults().basic.font.size).toBe(18);
    expect(BLOCKS.button.defaults().basic.headline.font.size).toBe(18);
    expect(BLOCKS.button.defaults().basic.subHeadline.font.size).toBe(14);
    expect(BLOCKS.timer.defaults().basic.valueFont.size).toBe(14);
    expect(BLOCKS.progressBar.defaults().basic.valueFont.size).toBe(14);
  });

  it("\"display type (inline-block 'Fluid' or block 'Fill Width')\"", () => {
    expect(BUTTON_DISPLAY_TYPES).toEqual({ 'inline-block': 'Fluid', block: 'Fill Width' });
    expect(BLOCKS.button.defaults().basic.displayType).toBe('inline-block');
  });

  it('"Spacer default width 2, colour #D5E5FF, style solid." (and the form spacer)', () => {
    for (const basic of [BLOCKS.spacer.defaults().basic, BLOCKS.formSpacer.defaults().basic]) {
      expect(basic.widthNumber).toEqual({ number: 2 });
      expect(basic.color).toBe('#D5E5FF');
      expect(basic.style).toBe('solid');
    }
    expect(BLOCKS.formSpacer.defaults().basic.label).toBe('');
  });

  it('"Progress bar default 60%, height 17 px, default gradient colours."', () => {
    const basic = BLOCKS.progressBar.defaults().basic;
    expect(basic.value).toEqual({ labelText: '', valueNumber: { number: 60 } });
    expect(basic.height).toBe(17);
    expect([basic.progressColor1, basic.progressColor2]).toEqual(['#4368E0', '#7B9BFF']);
    expect([basic.labelPosition, basic.style, basic.animated]).toEqual(['center', 'stripes', true]);
  });

  it('"Timer default 1 h 45 m 15 s."', () => {
    const basic = BLOCKS.timer.defaults().basic;
    expect([basic.hours, basic.minutes, basic.seconds]).toEqual([1, 45, 15]);
    expect(basic.labels).toEqual({ hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' });
    expect(basic.expireAction).toEqual({ type: 'no-link' });
  });

  it('"order bump dashed border 2 px colour #FDCC5E, radius 6, padding 15"', () => {
    const bump = BLOCKS.orderBump.defaults();
    expect(bump.basic.border).toEqual({
      width: 2,
      color: '#FDCC5E',
      style: 'dashed',
      sides: { top: true, right: true, bottom: true, left: true },
      radius: { topLeft: 6, topRight: 6, bottomRight: 6, bottomLeft: 6 },
    });
    expect(bump.advanced.padding).toEqual({ top: 15, right: 15, bottom: 15, left: 15 });
    expect(bump.basic.selected).toBe(false);
  });

  it('"Order summary labels default: Total, Product, Price, Subtotal, Discount, Tax, …"', () => {
    const basic = BLOCKS.orderSummary.defaults().basic;
    expect(basic.labels).toEqual({
      total: 'Total',
      product: 'Product',
      price: 'Price',
      subtotal: 'Subtotal',
      discount: 'Discount',
      tax: 'Tax',
      discountCode: 'Discount code',
      apply: 'Apply',
      showSummary: 'Show order summary',
      hideSummary: 'Hide order summary',
    });
    expect(basic).toMatchObject({
      showImages: true,
      allowDiscountCodes: true,
      showHeader: true,
      showTotal: true,
      collapsable: false,
      isOpen: true,
    });
  });

  it("\"form button labels 'Go to step #2' and 'Complete order'; privacy texts …\"", () => {
    const seed = twoStepFormSeed();
    const step1Button = seed.step1.at(-1);
    const step2Button = seed.step2.at(-1);
    expect(step1Button?.type === 'formButton' && step1Button.attributes.basic).toMatchObject({
      label: 'Go to step #2',
      privacyText: 'We respect your privacy & information',
      action: { type: 'next-step' },
    });
    expect(step2Button?.type === 'formButton' && step2Button.attributes.basic).toMatchObject({
      label: 'Complete order',
      privacyText: '100% secure and safe payment',
      action: { type: 'submit-step' },
    });
    expect(BLOCKS.formButton.defaults().basic).toMatchObject({
      label: 'Complete order',
      privacyText: '100% secure and safe payment',
    });
  });

  it('"Form blocks default to required inputs with labels; default fields: full name, email, …"', () => {
    expect(BLOCKS.formElement.defaults().basic).toMatchObject({
      inputType: 'input',
      required: true,
      showLabel: true,
    });
    expect(DEFAULT_FORM_FIELDS.map((field) => field.label)).toEqual([
      'Full name',
      'Email',
      'Phone',
      'Shipping address',
      'City',
      'Country',
      'State',
      'Zip',
    ]);
    const fields = twoStepFormSeed().step1.filter((draft) => draft.type === 'formElement');
    expect(fields.map((field) => field.type === 'formElement' && field.attributes.basic.dataName)).toEqual([
      'full_name',
      'email',
      'phone',
      'shipping_address',
      'shipping_city',
      'shipping_country',
      'shipping_state',
      'shipping_zip',
    ]);
    for (const field of fields) {
      expect(
        field.type === 'formElement' && [field.attributes.basic.required, field.attributes.basic.showLabel],
      ).toEqual([true, true]);
    }
  });

  it("\"step headers 'Shipping' / 'Your shipping details' and 'Your Info' / 'Your billing details'\"", () => {
    const form = BLOCKS.twoStepForm.defaults();
    expect(form.basic.header).toEqual([
      { step: 1, title: 'Shipping', subtitle: 'Your shipping details' },
      { step: 2, title: 'Your Info', subtitle: 'Your billing details' },
    ]);
    expect(form.basic.backButtonText).toBe('Edit shipping details');
  });

  it('"Two-step form: padding 30, radius 16."', () => {
    const form = BLOCKS.twoStepForm.defaults();
    expect(form.advanced.padding).toEqual({ top: 30, right: 30, bottom: 30, left: 30 });
    expect(form.basic.border.radius).toEqual({ topLeft: 16, topRight: 16, bottomRight: 16, bottomLeft: 16 });
  });

  it('"social: items (title, status, url, icon) for five networks, all enabled by default"', () => {
    const items = BLOCKS.social.defaults().basic.items;
    expect(items.map((item) => item.title)).toEqual(['Facebook', 'Instagram', 'X', 'LinkedIn', 'YouTube']);
    expect(items.every((item) => item.status)).toBe(true);
  });

  it('"link: content (default label \'Link\')"', () => {
    expect(BLOCKS.link.content).toBe('Link');
    expect(BLOCKS.link.defaults().basic.action).toEqual({ type: 'no-link' });
  });

  it('"Lazy load defaults to on." "Video defaults: autoplay muted, controls, loop."', () => {
    expect(BLOCKS.image.defaults().basic.lazyload).toBe(true);
    expect(BLOCKS.imageSlider.defaults().basic.lazyload).toBe(true);
    const video = BLOCKS.video.defaults().basic;
    expect([video.lazyLoad, video.autoplay, video.muted, video.controls, video.loop]).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('"image: … fit (default, cover, fill, scale-down, contain, none)"', () => {
    expect(BLOCKS.image.attributes.shape.basic.shape.fit.options).toEqual([
      'default',
      'cover',
      'fill',
      'scale-down',
      'contain',
      'none',
    ]);
    expect(BLOCKS.image.defaults().basic.fit).toBe('default');
  });

  it("\"selectionType single, multi or qty ('Single checkout', 'Multi-checkout', 'Multi-Quantity')\"", () => {
    expect(SELECTION_TYPES).toEqual({
      single: 'Single checkout',
      multi: 'Multi-checkout',
      qty: 'Multi-Quantity',
    });
    expect(BLOCKS.productList.defaults().basic.selectionType).toBe('single');
  });

  it('"input type (input, textarea, number, checkbox, radio, select, double) … options type …"', () => {
    const basic = BLOCKS.formElement.attributes.shape.basic.shape;
    expect(basic.inputType.options).toEqual([
      'input',
      'textarea',
      'number',
      'checkbox',
      'radio',
      'select',
      'double',
    ]);
    expect(basic.optionsType.options).toEqual(['custom', 'countries', 'states', 'cities']);
  });

  it('"attributes.advanced (cssId, cssClasses, padding, margin)" on every block', () => {
    for (const definition of Object.values(BLOCKS)) {
      expect(Object.keys(definition.defaults().advanced)).toEqual([
        'cssId',
        'cssClasses',
        'padding',
        'margin',
      ]);
    }
  });

  it('"section width full, wide, half"; rows start with one column', () => {
    expect(section.defaults().basic.width).toBe('full');
    expect(section.attributes.shape.basic.shape.width.options).toEqual(['full', 'wide', 'half']);
    expect(row.defaults().basic.columns).toBe('one');
    expect(row.defaults().basic).toMatchObject({ backgroundStyle: 'cover', backgroundPosition: 'center' });
  });

  it('container starts as a row of boxes; a FAQ question is closed', () => {
    expect(BLOCKS.container.defaults().basic.orientation).toBe('row');
    expect(BLOCKS.faq.defaults().basic).toMatchObject({ title: 'Question', isActive: false });
  });
});
