import type { BlockOf } from '../../catalogue/registry.ts';
import type { BlockRenderer } from '../context.ts';
import { cssColor, fontCss, px } from '../css.ts';
import { common, type EmailMarkup, type EmailRenderContext } from '../email/block-markup.ts';
import { mjml } from '../email/mjml-markup.ts';
import { escapeHtml } from '../string/html.ts';

export const spacerRenderer: BlockRenderer<'spacer'> = {
  html: () => '<hr class="fw-box fw-spacer"/>',
  View: () => <hr className="fw-box fw-spacer" />,
  css: (block, scope, sheet) => {
    const { widthNumber, color, style } = block.attributes.basic;
    sheet.add(`${scope}>.fw-box`, {
      border: 0,
      'border-top': `${px(widthNumber.number)} ${style} ${cssColor(color) ?? 'currentColor'}`,
      margin: 0,
    });
  },
};

/** A line with an optional label (such as 'or') on it, between form fields. */
export const formSpacerRenderer: BlockRenderer<'formSpacer'> = {
  html: (block) => {
    const { label } = block.attributes.basic;
    const text = label !== '' ? `<span class="fw-form-spacer-label">${escapeHtml(label)}</span>` : '';
    return `<div class="fw-box fw-form-spacer">${text}</div>`;
  },
  View: ({ block }) => (
    <div className="fw-box fw-form-spacer">
      {block.attributes.basic.label !== '' && (
        <span className="fw-form-spacer-label">{block.attributes.basic.label}</span>
      )}
    </div>
  ),
  css: (block, scope, sheet) => {
    const { widthNumber, color, style, labelFont } = block.attributes.basic;
    const line = `${px(widthNumber.number)} ${style} ${cssColor(color) ?? 'currentColor'}`;
    sheet.add(`${scope}>.fw-box`, { display: 'flex', 'align-items': 'center', gap: '12px' });
    sheet.add(`${scope}>.fw-box::before, ${scope}>.fw-box::after`, {
      content: '""',
      flex: 1,
      'border-top': line,
    });
    sheet.add(`${scope} .fw-form-spacer-label`, fontCss(labelFont));
  },
};

function divider(block: BlockOf<'spacer' | 'formSpacer'>, context: EmailRenderContext): string {
  const { widthNumber, color, style } = block.attributes.basic;
  return mjml('mj-divider', {
    'border-width': px(widthNumber.number),
    'border-color': cssColor(color),
    'border-style': style,
    ...common(block, context),
  });
}

export const dividerEmail: EmailMarkup<'spacer' | 'formSpacer'> = { mjml: divider, text: () => ['---'] };
