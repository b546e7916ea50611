import { z } from 'zod';
import {
  advanced,
  advancedSchema,
  border,
  borderSchema,
  type Font,
  fontSchema,
  shadowSchema,
  textShadowSchema,
} from './common.ts';

/** "paragraph / headline: rich-text content, font, lineHeight, letterSpacing, border, shadows". */
export const richTextAttributesSchema = z.object({
  basic: z.object({
    font: fontSchema,
    lineHeight: z.number().positive(),
    letterSpacing: z.number(),
    backgroundColor: z.string(),
    border: borderSchema,
    shadows: z.array(shadowSchema),
    textShadows: z.array(textShadowSchema),
  }),
  advanced: advancedSchema,
});
export type RichTextAttributes = z.infer<typeof richTextAttributesSchema>;

export function richTextAttributes(textFont: Font, lineHeight: number): RichTextAttributes {
  return {
    basic: {
      font: textFont,
      lineHeight,
      letterSpacing: 0,
      backgroundColor: '',
      border: border(),
      shadows: [],
      textShadows: [],
    },
    advanced: advanced(),
  };
}
