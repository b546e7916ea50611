import { z } from 'zod';
import { dividerEmail, spacerRenderer } from '../render/blocks/spacer.tsx';
import { advanced, advancedSchema, lineStyleSchema, spacing } from './common.ts';
import { defineBlock } from './define-block.ts';

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
