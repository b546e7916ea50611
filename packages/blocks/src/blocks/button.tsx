import { z } from 'zod';
import {
  ACCENT_COLOR,
  advanced,
  advancedSchema,
  border,
  borderSchema,
  deviceAlign,
  deviceAlignSchema,
  font,
  fontSchema,
  shadowSchema,
  spacing,
  textShadowSchema,
  WHITE,
} from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import { linkActionSchema } from '../catalogue/link-actions.ts';
import { Clickable, clickableHtml } from '../render/clickable.tsx';
import type { BlockRenderer } from '../render/context.ts';
import { borderCss, boxShadowCss, cssColor, fontCss, px, textShadowCss } from '../render/css.ts';
import { actionHref, common, type EmailMarkup, urlOf, withUrl } from '../render/email/block-markup.ts';
import {
  borderRadius,
  borderShorthand,
  fontAttributes,
  fontStyle,
  mjml,
  percent,
  spacingAttribute,
} from '../render/email/mjml-markup.ts';
import { linkBehaviour } from '../render/links.ts';
import { escapeHtml } from '../render/string/html.ts';

/** "display type (inline-block 'Fluid' or block 'Fill Width')". */
export const BUTTON_DISPLAY_TYPES = { 'inline-block': 'Fluid', block: 'Fill Width' } as const;

const textSchema = z.object({ text: z.string(), font: fontSchema });

export const buttonAttributesSchema = z.object({
  basic: z.object({
    headline: textSchema,
    subHeadline: textSchema,
    /** "click action (url plus toggle)": the URL and its new-tab toggle are a goto-url action. */
    action: linkActionSchema,
    displayType: z.enum(['inline-block', 'block']),
    lineSpacing: z.number().min(0),
    backgroundColor: z.string(),
    border: borderSchema,
    shadows: z.array(shadowSchema),
    textShadows: z.array(textShadowSchema),
    align: deviceAlignSchema,
  }),
  advanced: advancedSchema,
  hover: z.object({ backgroundColor: z.string(), color: z.string() }),
});
export type ButtonAttributes = z.infer<typeof buttonAttributesSchema>;

const buttonRenderer: BlockRenderer<'button'> = {
  html: (block, context) => {
    const { headline, subHeadline, action } = block.attributes.basic;
    const sub =
      subHeadline.text !== ''
        ? `<span class="fw-button-sub fw-text">${escapeHtml(subHeadline.text)}</span>`
        : '';
    return clickableHtml(
      linkBehaviour(action, context.anchorOf),
      'fw-box fw-button',
      `<span class="fw-button-headline fw-text">${escapeHtml(headline.text)}</span>${sub}`,
    );
  },
  View: ({ block, context }) => {
    const { headline, subHeadline, action } = block.attributes.basic;
    return (
      <Clickable behaviour={linkBehaviour(action, context.anchorOf)} className="fw-box fw-button">
        <span className="fw-button-headline fw-text">{headline.text}</span>
        {subHeadline.text !== '' && <span className="fw-button-sub fw-text">{subHeadline.text}</span>}
      </Clickable>
    );
  },
  css: (block, scope, sheet) => {
    const { basic, hover } = block.attributes;
    sheet.add(`${scope}>.fw-box`, {
      display: basic.displayType,
      width: basic.displayType === 'block' ? '100%' : undefined,
      'line-height': basic.lineSpacing,
      'background-color': cssColor(basic.backgroundColor),
      'box-shadow': boxShadowCss(basic.shadows),
      'text-shadow': textShadowCss(basic.textShadows),
      ...borderCss(basic.border),
    });
    sheet.add(`${scope} .fw-button-headline`, fontCss(basic.headline.font));
    sheet.add(`${scope} .fw-button-sub`, { ...fontCss(basic.subHeadline.font), 'margin-top': px(2) });
    sheet.add(`${scope}>.fw-box:hover`, { 'background-color': cssColor(hover.backgroundColor) });
    sheet.add(`${scope}>.fw-box:hover span`, { color: cssColor(hover.color) });
  },
};

const buttonEmail: EmailMarkup<'button'> = {
  mjml: (block, context) => {
    const { headline, subHeadline, action, displayType, lineSpacing, backgroundColor, border, align } =
      block.attributes.basic;
    const sub =
      subHeadline.text === ''
        ? ''
        : `<br /><span style="${escapeHtml(fontStyle(subHeadline.font))}">${escapeHtml(subHeadline.text)}</span>`;
    return mjml(
      'mj-button',
      {
        ...actionHref(action),
        ...fontAttributes(headline.font),
        'background-color': cssColor(backgroundColor),
        border: borderShorthand(border) ?? 'none',
        'border-radius': borderRadius(border),
        'line-height': percent(lineSpacing * 100),
        align: align.desktop,
        width: displayType === 'block' ? '100%' : undefined,
        'inner-padding': spacingAttribute(block.attributes.advanced.padding),
        ...common(block, context, false),
      },
      escapeHtml(headline.text) + sub,
    );
  },
  text: (block) => {
    const { headline, subHeadline, action } = block.attributes.basic;
    return [withUrl([headline.text, subHeadline.text].filter(Boolean).join(' — '), urlOf(action))];
  },
};

export const button = defineBlock({
  type: 'button',
  tag: 'button',
  title: 'Button',
  palette: { page: { group: 'Content', at: 2 }, email: { group: 'Content', at: 2 } },
  icon: 'click',
  page: buttonRenderer,
  email: buttonEmail,
  attributes: buttonAttributesSchema,
  /** "Headline font size 18, sub-headline 14". */
  defaults: (): ButtonAttributes => ({
    basic: {
      headline: { text: 'Click here', font: font({ size: 18, color: WHITE, bold: true, align: 'center' }) },
      subHeadline: { text: '', font: font({ size: 14, color: WHITE, align: 'center' }) },
      action: { type: 'goto-url', url: '', target: '_self' },
      displayType: 'inline-block',
      lineSpacing: 1.2,
      backgroundColor: ACCENT_COLOR,
      border: border({ radius: 6 }),
      shadows: [],
      textShadows: [],
      align: deviceAlign('center'),
    },
    advanced: advanced({ padding: spacing(12, 24) }),
    hover: { backgroundColor: '#2F52C4', color: WHITE },
  }),
});
