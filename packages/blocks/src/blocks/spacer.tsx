import { z } from 'zod';
import { advanced, advancedSchema, lineStyleSchema, spacing } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockOf } from '../catalogue/registry.ts';
import type { BlockRenderer } from '../render/context.ts';
import { cssColor, px } from '../render/css.ts';
import { common, type EmailMarkup, type EmailRenderContext } from '../render/email/block-markup.ts';
import { mjml } from '../render/email/mjml-markup.ts';

/** "Spacer default width 2, colour #D5E5FF, style solid." */
export const SPACER_DEFAULTS = { width: 2, color: '#D5E5FF', style: 'solid' } as const;

/** "spacer / formSpacer: widthNumber.number, color, style (dotted, dashed, solid, double, groove, ridge)". */
export const spacerBasicSchema = z.object({
  widthNumber: z.object({ number: z.number().min(0) }),
  color: z.string(),
  style: lineStyleSchema,
});

export const spacerAttributesSchema = z.object({ basic: spacerBasicSchema, advanced: advancedSchema });
export type SpacerAttributes = z.infer<typeof spacerAttributesSchema>;

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

export const spacer = defineBlock({
  type: 'spacer',
  tag: 'spacer',
  title: 'Spacer',
  palette: { page: { group: 'Layout', at: 3 }, email: { group: 'Layout', at: 2 } },
  icon: 'separator-horizontal',
  page: spacerRenderer,
  email: dividerEmail,
  attributes: spacerAttributesSchema,
  defaults: (): SpacerAttributes => ({
    basic: {
      widthNumber: { number: SPACER_DEFAULTS.width },
      color: SPACER_DEFAULTS.color,
      style: SPACER_DEFAULTS.style,
    },
    advanced: advanced({ padding: spacing(10, 0) }),
  }),
});
