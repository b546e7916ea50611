import { z } from 'zod';
import {
  advanced,
  advancedSchema,
  border,
  borderSchema,
  font,
  fontSchema,
  spacing,
} from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { borderCss, cssColor, fontCss } from '../render/css.ts';
import { type EmailMarkup, textBlock } from '../render/email/block-markup.ts';
import { borderStyle, fontStyle, spacingAttribute, styleText } from '../render/email/mjml-markup.ts';
import { escapeHtml } from '../render/string/html.ts';

export const ORDER_BUMP_BORDER_COLOR = '#FDCC5E';

export const orderBumpAttributesSchema = z.object({
  basic: z.object({
    selected: z.boolean(),
    productId: z.number().int().positive().nullable(),
    headline: z.string(),
    content: z.string(),
    headlineFont: fontSchema,
    contentFont: fontSchema,
    labelFont: fontSchema,
    backgroundColor: z.string(),
    border: borderSchema,
  }),
  advanced: advancedSchema,
});
export type OrderBumpAttributes = z.infer<typeof orderBumpAttributesSchema>;

const orderBumpRenderer: BlockRenderer<'orderBump'> = {
  html: (block) => {
    const { selected, productId, headline, content } = block.attributes.basic;
    const product = productId === null ? '' : ` data-product-id="${productId}"`;
    const input = `<input type="checkbox" name="order_bump"${selected ? ' checked=""' : ''} value="${escapeHtml(productId ?? '')}"/>`;
    const text =
      content !== '' ? `<div class="fw-order-bump-content fw-text">${escapeHtml(content)}</div>` : '';
    return `<div class="fw-box fw-order-bump" data-order-bump=""${product}><label class="fw-order-bump-label">${input}<span class="fw-order-bump-headline fw-text">${escapeHtml(headline)}</span></label>${text}</div>`;
  },
  View: ({ block }) => {
    const { selected, productId, headline, content } = block.attributes.basic;
    return (
      <div
        className="fw-box fw-order-bump"
        data-order-bump=""
        data-product-id={productId === null ? undefined : String(productId)}
      >
        <label className="fw-order-bump-label">
          <input type="checkbox" name="order_bump" value={productId ?? ''} defaultChecked={selected} />
          <span className="fw-order-bump-headline fw-text">{headline}</span>
        </label>
        {content !== '' && <div className="fw-order-bump-content fw-text">{content}</div>}
      </div>
    );
  },
  css: (block, scope, sheet) => {
    const { headlineFont, contentFont, labelFont, backgroundColor, border } = block.attributes.basic;
    sheet.add(`${scope}>.fw-box`, { 'background-color': cssColor(backgroundColor), ...borderCss(border) });
    sheet.add(`${scope} .fw-order-bump-label`, { ...fontCss(labelFont), display: 'flex', gap: '8px' });
    sheet.add(`${scope} .fw-order-bump-headline`, fontCss(headlineFont));
    sheet.add(`${scope} .fw-order-bump-content`, { ...fontCss(contentFont), 'margin-top': '8px' });
  },
};

const orderBumpEmail: EmailMarkup<'orderBump'> = {
  mjml: (block, context) => {
    const { selected, headline, content, headlineFont, contentFont, backgroundColor, border } =
      block.attributes.basic;
    const box = styleText({
      'background-color': cssColor(backgroundColor),
      padding: spacingAttribute(block.attributes.advanced.padding),
    });
    const text =
      content === '' ? '' : `<div style="${escapeHtml(fontStyle(contentFont))}">${escapeHtml(content)}</div>`;
    return textBlock(
      {
        ...block,
        attributes: {
          ...block.attributes,
          advanced: { ...block.attributes.advanced, padding: { top: 0, right: 0, bottom: 0, left: 0 } },
        },
      },
      context,
      contentFont,
      `<div style="${escapeHtml([box, borderStyle(border)].filter(Boolean).join(';'))}"><div style="${escapeHtml(fontStyle(headlineFont))}">${selected ? '☑' : '☐'} ${escapeHtml(headline)}</div>${text}</div>`,
    );
  },
  text: (block) => {
    const { headline, content } = block.attributes.basic;
    return [headline, content].filter(Boolean);
  },
};

export const orderBump = defineBlock({
  type: 'orderBump',
  tag: 'order-bump',
  title: 'Order bump',
  palette: { page: { group: 'Checkout', at: 6 } },
  icon: 'square-plus',
  page: orderBumpRenderer,
  email: orderBumpEmail,
  attributes: orderBumpAttributesSchema,
  /** "order bump dashed border 2 px colour #FDCC5E, radius 6, padding 15". */
  defaults: (): OrderBumpAttributes => ({
    basic: {
      selected: false,
      productId: null,
      headline: 'Yes, add this to my order',
      content: '',
      headlineFont: font({ bold: true }),
      contentFont: font(),
      labelFont: font({ bold: true }),
      backgroundColor: '#FFF9EC',
      border: border({ width: 2, color: ORDER_BUMP_BORDER_COLOR, style: 'dashed', radius: 6 }),
    },
    advanced: advanced({ padding: spacing(15) }),
  }),
});
