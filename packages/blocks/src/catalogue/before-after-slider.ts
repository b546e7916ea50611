import { z } from 'zod';
import { beforeAfterSliderRenderer } from '../render/blocks/before-after-slider.tsx';
import { advanced, advancedSchema, font, fontSchema, WHITE } from './common.ts';
import { defineBlock } from './define-block.ts';

export const beforeAfterSliderAttributesSchema = z.object({
  basic: z.object({
    beforeImage: z.string(),
    afterImage: z.string(),
    beforeLabel: z.string(),
    afterLabel: z.string(),
    labelFont: fontSchema,
    separatorColor: z.string(),
  }),
  advanced: advancedSchema,
});
export type BeforeAfterSliderAttributes = z.infer<typeof beforeAfterSliderAttributesSchema>;

export const beforeAfterSlider = defineBlock({
  type: 'beforeAfterSlider',
  tag: 'before-after-slider',
  title: 'Before/after slider',
  palette: { page: { group: 'Engagement', at: 4 } },
  icon: 'transform',
  page: beforeAfterSliderRenderer,
  email: false,
  attributes: beforeAfterSliderAttributesSchema,
  defaults: (): BeforeAfterSliderAttributes => ({
    basic: {
      beforeImage: '',
      afterImage: '',
      beforeLabel: 'Before',
      afterLabel: 'After',
      labelFont: font({ color: WHITE, bold: true }),
      separatorColor: WHITE,
    },
    advanced: advanced(),
  }),
});
