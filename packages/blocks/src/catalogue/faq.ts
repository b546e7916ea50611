import { z } from 'zod';
import { nodeIdSchema } from '../document/ids.ts';
import { faqRenderer } from '../render/blocks/faq.tsx';
import { ACCENT_COLOR, advanced, advancedSchema, border, borderSchema, font, fontSchema } from './common.ts';
import { defineBlock } from './define-block.ts';

const stateStyleSchema = z.object({ color: z.string(), backgroundColor: z.string() });

export const faqAttributesSchema = z.object({
  basic: z.object({
    title: z.string(),
    isActive: z.boolean(),
    titleFont: fontSchema,
    backgroundColor: z.string(),
    border: borderSchema,
  }),
  advanced: advancedSchema,
  hover: stateStyleSchema,
  active: stateStyleSchema,
});
export type FaqAttributes = z.infer<typeof faqAttributesSchema>;

/** One question; its children are the blocks of the answer, shown while it is active. */
export const faq = defineBlock({
  type: 'faq',
  tag: 'faq',
  title: 'FAQ',
  palette: { page: { group: 'Engagement', at: 2 } },
  icon: 'help-circle',
  page: faqRenderer,
  email: false,
  attributes: faqAttributesSchema,
  defaults: (): FaqAttributes => ({
    basic: {
      title: 'Question',
      isActive: false,
      titleFont: font({ bold: true }),
      backgroundColor: '',
      border: border({ width: 1, color: '#D5DAE3', style: 'solid', radius: 6 }),
    },
    advanced: advanced(),
    hover: { color: ACCENT_COLOR, backgroundColor: '' },
    active: { color: ACCENT_COLOR, backgroundColor: '' },
  }),
  structure: { children: z.array(nodeIdSchema) },
});
