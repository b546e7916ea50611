import { font } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import {
  richTextAttributes,
  richTextAttributesSchema,
  richTextEmail,
  richTextRenderer,
} from './rich-text.tsx';

export const paragraph = defineBlock({
  type: 'paragraph',
  tag: 'paragraph',
  title: 'Paragraph',
  palette: { page: { group: 'Content', at: 1 }, email: { group: 'Content', at: 1 } },
  icon: 'text-size',
  page: richTextRenderer('p', 'paragraph'),
  email: richTextEmail,
  attributes: richTextAttributesSchema,
  /** "Default font Roboto 14, colour #252A32." */
  defaults: () => richTextAttributes(font(), 1.5),
  content: 'Paragraph',
});
