import { font } from './common.ts';
import { defineBlock } from './define-block.ts';
import { richTextAttributes, richTextAttributesSchema } from './rich-text.ts';

export const headline = defineBlock({
  type: 'headline',
  tag: 'headline',
  title: 'Headline',
  attributes: richTextAttributesSchema,
  /** "Headline font size 18". */
  defaults: () => richTextAttributes(font({ size: 18, bold: true }), 1.3),
  content: 'Headline',
});
