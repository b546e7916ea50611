import { z } from 'zod';
import { buttonEmail, buttonRenderer } from '../render/blocks/button.tsx';
import {
  ACCENT_COLOR,
  advanced,
  advancedSchema,
  border,
  borderSchema,
  deviceAlign,
  deviceAlignSchema,
  font,
  fontSchema,
  shadowSchema,
  spacing,
  textShadowSchema,
  WHITE,
} from './common.ts';
import { defineBlock } from './define-block.ts';
import { linkActionSchema } from './link-actions.ts';

/** "display type (inline-block 'Fluid' or block 'Fill Width')". */
export const BUTTON_DISPLAY_TYPES = { 'inline-block': 'Fluid', block: 'Fill Width' } as const;

const textSchema = z.object({ text: z.string(), font: fontSchema });

export const buttonAttributesSchema = z.object({
  basic: z.object({
    headline: textSchema,
    subHeadline: textSchema,
    /** "click action (url plus toggle)": the URL and its new-tab toggle are a goto-url action. */
    action: linkActionSchema,
    displayType: z.enum(['inline-block', 'block']),
    lineSpacing: z.number().min(0),
    backgroundColor: z.string(),
    border: borderSchema,
    shadows: z.array(shadowSchema),
    textShadows: z.array(textShadowSchema),
    align: deviceAlignSchema,
  }),
  advanced: advancedSchema,
  hover: z.object({ backgroundColor: z.string(), color: z.string() }),
});
export type ButtonAttributes = z.infer<typeof buttonAttributesSchema>;

export const button = defineBlock({
  type: 'button',
  tag: 'button',
  title: 'Button',
  palette: { page: { group: 'Content', at: 2 }, email: { group: 'Content', at: 2 } },
  icon: 'click',
  page: buttonRenderer,
  email: buttonEmail,
  attributes: buttonAttributesSchema,
  /** "Headline font size 18, sub-headline 14". */
  defaults: (): ButtonAttributes => ({
    basic: {
      headline: { text: 'Click here', font: font({ size: 18, color: WHITE, bold: true, align: 'center' }) },
      subHeadline: { text: '', font: font({ size: 14, color: WHITE, align: 'center' }) },
      action: { type: 'goto-url', url: '', target: '_self' },
      displayType: 'inline-block',
      lineSpacing: 1.2,
      backgroundColor: ACCENT_COLOR,
      border: border({ radius: 6 }),
      shadows: [],
      textShadows: [],
      align: deviceAlign('center'),
    },
    advanced: advanced({ padding: spacing(12, 24) }),
    hover: { backgroundColor: '#2F52C4', color: WHITE },
  }),
});
