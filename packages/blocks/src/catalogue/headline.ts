import { headlineRenderer, richTextEmail } from '../render/blocks/rich-text.tsx';
import { font } from './common.ts';
import { defineBlock } from './define-block.ts';
import { richTextAttributes, richTextAttributesSchema } from './rich-text.ts';

export const headline = defineBlock({
  type: 'headline',
  tag: 'headline',
  title: 'Headline',
  palette: { page: { group: 'Content', at: 0 }, email: { group: 'Content', at: 0 } },
  icon: 'heading',
  page: headlineRenderer,
  email: richTextEmail,
  attributes: richTextAttributesSchema,
  /** "Headline font size 18". */
  defaults: () => richTextAttributes(font({ size: 18, bold: true }), 1.3),
  content: 'Headline',
});
