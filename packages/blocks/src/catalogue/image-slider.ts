import { z } from 'zod';
import { imageSliderRenderer } from '../render/blocks/image-slider.tsx';
import { advanced, advancedSchema, imageFitSchema, sizeSchema } from './common.ts';
import { defineBlock } from './define-block.ts';

export const imageSliderAttributesSchema = z.object({
  basic: z.object({
    images: z.array(z.object({ url: z.string(), alt: z.string() })),
    fit: imageFitSchema,
    size: sizeSchema,
    thumbnailSize: z.number().positive(),
    lazyload: z.boolean(),
  }),
  advanced: advancedSchema,
});
export type ImageSliderAttributes = z.infer<typeof imageSliderAttributesSchema>;

export const imageSlider = defineBlock({
  type: 'imageSlider',
  tag: 'image-slider',
  title: 'Image slider',
  palette: { page: { group: 'Engagement', at: 3 } },
  icon: 'slideshow',
  page: imageSliderRenderer,
  email: false,
  attributes: imageSliderAttributesSchema,
  /** "Lazy load defaults to on." */
  defaults: (): ImageSliderAttributes => ({
    basic: {
      images: [],
      fit: 'cover',
      size: { width: null, height: 400 },
      thumbnailSize: 64,
      lazyload: true,
    },
    advanced: advanced(),
  }),
});
