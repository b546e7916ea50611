import { z } from 'zod';
import {
  ACCENT_COLOR,
  advanced,
  advancedSchema,
  border,
  borderSchema,
  DEFAULT_TEXT_COLOR,
  font,
  fontSchema,
  spacing,
  WHITE,
} from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import { type LinkAction, linkActionSchema } from '../catalogue/link-actions.ts';
import { Clickable, clickableHtml } from '../render/clickable.tsx';
import type { BlockRenderer } from '../render/context.ts';
import { borderCss, cssColor, fontCss, px } from '../render/css.ts';
import { actionHref, common, type EmailMarkup, textBlock } from '../render/email/block-markup.ts';
import {
  borderRadius,
  borderShorthand,
  fontAttributes,
  mjml,
  spacingAttribute,
} from '../render/email/mjml-markup.ts';
import { linkBehaviour } from '../render/links.ts';
import { escapeHtml } from '../render/string/html.ts';

/** "form button labels 'Go to step #2' and 'Complete order'". */
export const FORM_BUTTON_LABELS = { nextStep: 'Go to step #2', complete: 'Complete order' } as const;
/** "privacy texts 'We respect your privacy & information' and '100% secure and safe payment'". */
export const PRIVACY_TEXTS = {
  nextStep: 'We respect your privacy & information',
  complete: '100% secure and safe payment',
} as const;

export const formButtonAttributesSchema = z.object({
  basic: z.object({
    label: z.string(),
    action: linkActionSchema,
    font: fontSchema,
    backgroundColor: z.string(),
    border: borderSchema,
    displayType: z.enum(['inline-block', 'block']),
    showPrivacyText: z.boolean(),
    privacyText: z.string(),
    privacyFont: fontSchema,
  }),
  advanced: advancedSchema,
  hover: z.object({ backgroundColor: z.string(), color: z.string() }),
});
export type FormButtonAttributes = z.infer<typeof formButtonAttributesSchema>;

/** The button that ends a form step: 'next' goes to step 2, 'complete' submits the order. */
export function formButtonAttributes(kind: 'next' | 'complete'): FormButtonAttributes {
  const next = kind === 'next';
  const action: LinkAction = next ? { type: 'next-step' } : { type: 'submit-step' };
  return {
    basic: {
      label: next ? FORM_BUTTON_LABELS.nextStep : FORM_BUTTON_LABELS.complete,
      action,
      font: font({ size: 18, color: WHITE, bold: true, align: 'center' }),
      backgroundColor: ACCENT_COLOR,
      border: border({ radius: 6 }),
      displayType: 'block',
      showPrivacyText: true,
      privacyText: next ? PRIVACY_TEXTS.nextStep : PRIVACY_TEXTS.complete,
      privacyFont: font({ size: 12, color: DEFAULT_TEXT_COLOR, align: 'center' }),
    },
    advanced: advanced({ padding: spacing(14, 24) }),
    hover: { backgroundColor: '#2F52C4', color: WHITE },
  };
}

const formButtonRenderer: BlockRenderer<'formButton'> = {
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

const formButtonEmail: EmailMarkup<'formButton'> = {
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

export const formButton = defineBlock({
  type: 'formButton',
  tag: 'form-button',
  title: 'Form button',
  palette: { page: { group: 'Checkout', at: 1 } },
  icon: 'square-rounded-check',
  page: formButtonRenderer,
  email: formButtonEmail,
  attributes: formButtonAttributesSchema,
  defaults: (): FormButtonAttributes => formButtonAttributes('complete'),
});
