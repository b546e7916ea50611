import { Clickable, clickableHtml } from '../clickable.tsx';
import type { BlockRenderer } from '../context.ts';
import { borderCss, cssColor, fontCss, px } from '../css.ts';
import { actionHref, common, type EmailMarkup, textBlock } from '../email/block-markup.ts';
import {
  borderRadius,
  borderShorthand,
  fontAttributes,
  mjml,
  spacingAttribute,
} from '../email/mjml-markup.ts';
import { linkBehaviour } from '../links.ts';
import { escapeHtml } from '../string/html.ts';

export const formButtonRenderer: BlockRenderer<'formButton'> = {
  html: (block, context) => {
    const { label, action, showPrivacyText, privacyText } = block.attributes.basic;
    const button = clickableHtml(
      linkBehaviour(action, context.anchorOf),
      'fw-box fw-form-button fw-text',
      escapeHtml(label),
      { submits: true },
    );
    return showPrivacyText && privacyText !== ''
      ? `${button}<p class="fw-privacy fw-text">${escapeHtml(privacyText)}</p>`
      : button;
  },
  View: ({ block, context }) => {
    const { label, action, showPrivacyText, privacyText } = block.attributes.basic;
    return (
      <>
        <Clickable
          behaviour={linkBehaviour(action, context.anchorOf)}
          className="fw-box fw-form-button fw-text"
          submits
        >
          {label}
        </Clickable>
        {showPrivacyText && privacyText !== '' && <p className="fw-privacy fw-text">{privacyText}</p>}
      </>
    );
  },
  css: (block, scope, sheet) => {
    const { basic, hover } = block.attributes;
    sheet.add(`${scope}>.fw-box`, {
      display: basic.displayType,
      width: basic.displayType === 'block' ? '100%' : undefined,
      ...fontCss(basic.font),
      'background-color': cssColor(basic.backgroundColor),
      ...borderCss(basic.border),
    });
    sheet.add(`${scope}>.fw-box:hover`, {
      'background-color': cssColor(hover.backgroundColor),
      color: cssColor(hover.color),
    });
    sheet.add(`${scope} .fw-privacy`, { ...fontCss(basic.privacyFont), margin: '8px 0 0' });
  },
};

export const formButtonEmail: EmailMarkup<'formButton'> = {
  mjml: (block, context) => {
    const { label, font, backgroundColor, border, displayType, showPrivacyText, privacyText, privacyFont } =
      block.attributes.basic;
    const privacy =
      showPrivacyText && privacyText !== ''
        ? textBlock(block, context, privacyFont, escapeHtml(privacyText), {
            padding: `4px ${px(context.inset?.right ?? 0)} 0px ${px(context.inset?.left ?? 0)}`,
          })
        : '';
    return (
      mjml(
        'mj-button',
        {
          ...actionHref(block.attributes.basic.action),
          ...fontAttributes(font),
          'background-color': cssColor(backgroundColor),
          border: borderShorthand(border) ?? 'none',
          'border-radius': borderRadius(border),
          align: font.align === 'justify' ? 'center' : font.align,
          width: displayType === 'block' ? '100%' : undefined,
          'inner-padding': spacingAttribute(block.attributes.advanced.padding),
          ...common(block, context, false),
        },
        escapeHtml(label),
      ) + privacy
    );
  },
  text: (block) => [block.attributes.basic.label],
};
