import { z } from 'zod';
import { dividerEmail, formSpacerRenderer } from '../render/blocks/spacer.tsx';
import { advanced, advancedSchema, font, fontSchema, spacing } from './common.ts';
import { defineBlock } from './define-block.ts';
import { SPACER_DEFAULTS, spacerBasicSchema } from './spacer.ts';

export const formSpacerAttributesSchema = z.object({
  basic: spacerBasicSchema.extend({ label: z.string(), labelFont: fontSchema }),
  advanced: advancedSchema,
});
export type FormSpacerAttributes = z.infer<typeof formSpacerAttributesSchema>;

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
