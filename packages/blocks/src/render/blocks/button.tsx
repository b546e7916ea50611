import { Clickable, clickableHtml } from '../clickable.tsx';
import type { BlockRenderer } from '../context.ts';
import { borderCss, boxShadowCss, cssColor, fontCss, px, textShadowCss } from '../css.ts';
import { actionHref, common, type EmailMarkup, urlOf, withUrl } from '../email/block-markup.ts';
import {
  borderRadius,
  borderShorthand,
  fontAttributes,
  fontStyle,
  mjml,
  percent,
  spacingAttribute,
} from '../email/mjml-markup.ts';
import { linkBehaviour } from '../links.ts';
import { escapeHtml } from '../string/html.ts';

export const buttonRenderer: BlockRenderer<'button'> = {
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

export const buttonEmail: EmailMarkup<'button'> = {
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
