import { paragraphRenderer, richTextEmail } from '../render/blocks/rich-text.tsx';
import { font } from './common.ts';
import { defineBlock } from './define-block.ts';
import { richTextAttributes, richTextAttributesSchema } from './rich-text.ts';

export const paragraph = defineBlock({
  type: 'paragraph',
  tag: 'paragraph',
  title: 'Paragraph',
  palette: { page: { group: 'Content', at: 1 }, email: { group: 'Content', at: 1 } },
  icon: 'text-size',
  page: paragraphRenderer,
  email: richTextEmail,
  attributes: richTextAttributesSchema,
  /** "Default font Roboto 14, colour #252A32." */
  defaults: () => richTextAttributes(font(), 1.5),
  content: 'Paragraph',
});
