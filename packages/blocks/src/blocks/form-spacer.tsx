import { z } from 'zod';
import { advanced, advancedSchema, font, fontSchema, spacing } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { cssColor, fontCss, px } from '../render/css.ts';
import { escapeHtml } from '../render/string/html.ts';
import { dividerEmail, SPACER_DEFAULTS, spacerBasicSchema } from './spacer.tsx';

export const formSpacerAttributesSchema = z.object({
  basic: spacerBasicSchema.extend({ label: z.string(), labelFont: fontSchema }),
  advanced: advancedSchema,
});
export type FormSpacerAttributes = z.infer<typeof formSpacerAttributesSchema>;

/** A line with an optional label (such as 'or') on it, between form fields. */
const formSpacerRenderer: BlockRenderer<'formSpacer'> = {
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

/** "form variant also has a font label": an optional label (such as 'or') drawn on the line. */
export const formSpacer = defineBlock({
  type: 'formSpacer',
  tag: 'form-spacer',
  title: 'Form spacer',
  palette: { page: { group: 'Checkout', at: 2 } },
  icon: 'arrows-horizontal',
  page: formSpacerRenderer,
  email: dividerEmail,
  attributes: formSpacerAttributesSchema,
  defaults: (): FormSpacerAttributes => ({
    basic: {
      widthNumber: { number: SPACER_DEFAULTS.width },
      color: SPACER_DEFAULTS.color,
      style: SPACER_DEFAULTS.style,
      label: '',
      labelFont: font({ align: 'center' }),
    },
    advanced: advanced({ padding: spacing(10, 0) }),
  }),
});
