import { z } from 'zod';
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
  attributes: customHtmlAttributesSchema,
  defaults: (): CustomHtmlAttributes => ({ basic: { blockStyles: '' }, advanced: advanced() }),
  content: '',
});
