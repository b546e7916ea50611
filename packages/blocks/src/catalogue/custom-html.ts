import { z } from 'zod';
import { customHtmlEmail, customHtmlRenderer } from '../render/blocks/custom-html.tsx';
import { advanced, advancedSchema } from './common.ts';
import { defineBlock } from './define-block.ts';

export const customHtmlAttributesSchema = z.object({
  basic: z.object({ blockStyles: z.string() }),
  advanced: advancedSchema,
});
export type CustomHtmlAttributes = z.infer<typeof customHtmlAttributesSchema>;

/** "custom HTML: content, blockStyles" — the HTML is the block's `content`. */
export const customHtml = defineBlock({
  type: 'customHtml',
  tag: 'custom-html',
  title: 'Custom HTML',
  palette: { page: { group: 'Content', at: 8 }, email: { group: 'Content', at: 8 } },
  icon: 'code',
  page: customHtmlRenderer,
  email: customHtmlEmail,
  attributes: customHtmlAttributesSchema,
  defaults: (): CustomHtmlAttributes => ({ basic: { blockStyles: '' }, advanced: advanced() }),
  content: '',
});
