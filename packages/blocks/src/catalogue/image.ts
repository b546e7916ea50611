import { z } from 'zod';
import { imageEmail, imageRenderer } from '../render/blocks/image.tsx';
import {
  advanced,
  advancedSchema,
  border,
  borderSchema,
  deviceAlign,
  deviceAlignSchema,
  imageFitSchema,
  shadowSchema,
  sizeSchema,
} from './common.ts';
import { defineBlock } from './define-block.ts';
import { linkActionSchema, NO_LINK } from './link-actions.ts';

export const imageAttributesSchema = z.object({
  basic: z.object({
    url: z.string(),
    alt: z.string(),
    size: sizeSchema,
    action: linkActionSchema,
    fit: imageFitSchema,
    lazyload: z.boolean(),
    previewProductImage: z.boolean(),
    align: deviceAlignSchema,
    border: borderSchema,
    shadows: z.array(shadowSchema),
  }),
  advanced: advancedSchema,
});
export type ImageAttributes = z.infer<typeof imageAttributesSchema>;

export const image = defineBlock({
  type: 'image',
  tag: 'image',
  title: 'Image',
  palette: { page: { group: 'Content', at: 4 }, email: { group: 'Content', at: 4 } },
  icon: 'photo',
  page: imageRenderer,
  email: imageEmail,
  attributes: imageAttributesSchema,
  /** "Lazy load defaults to on." */
  defaults: (): ImageAttributes => ({
    basic: {
      url: '',
      alt: '',
      size: { width: null, height: null },
      action: NO_LINK,
      fit: 'default',
      lazyload: true,
      previewProductImage: false,
      align: deviceAlign('center'),
      border: border(),
      shadows: [],
    },
    advanced: advanced(),
  }),
});
