import { z } from 'zod';
import { advanced, advancedSchema, background, backgroundSchema } from './common.ts';
import { defineLayoutItem } from './define-block.ts';

/** "section: width full, wide, half; same background options". */
export const sectionAttributesSchema = z.object({
  basic: backgroundSchema.extend({ width: z.enum(['full', 'wide', 'half']), sticky: z.boolean() }),
  advanced: advancedSchema,
});
export type SectionAttributes = z.infer<typeof sectionAttributesSchema>;

export const section = defineLayoutItem({
  type: 'section',
  tag: 'section',
  title: 'Section',
  palette: { page: { group: 'Layout', at: 0 }, email: { group: 'Layout', at: 0 } },
  icon: 'layout-rows',
  attributes: sectionAttributesSchema,
  defaults: (): SectionAttributes => ({
    basic: { ...background(), width: 'full', sticky: false },
    advanced: advanced(),
  }),
});
