import { font } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import {
  richTextAttributes,
  richTextAttributesSchema,
  richTextEmail,
  richTextRenderer,
} from './rich-text.tsx';

export const headline = defineBlock({
  type: 'headline',
  tag: 'headline',
  title: 'Headline',
  palette: { page: { group: 'Content', at: 0 }, email: { group: 'Content', at: 0 } },
  icon: 'heading',
  page: richTextRenderer('h2', 'headline'),
  email: richTextEmail,
  attributes: richTextAttributesSchema,
  /** "Headline font size 18". */
  defaults: () => richTextAttributes(font({ size: 18, bold: true }), 1.3),
  content: 'Headline',
});
