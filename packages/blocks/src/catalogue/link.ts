import { z } from 'zod';
import { linkEmail, linkRenderer } from '../render/blocks/link.tsx';
import {
  ACCENT_COLOR,
  advanced,
  advancedSchema,
  DEFAULT_TEXT_COLOR,
  font,
  fontSchema,
  textShadowSchema,
} from './common.ts';
import { defineBlock } from './define-block.ts';
import { linkActionSchema, NO_LINK } from './link-actions.ts';

export const linkAttributesSchema = z.object({
  basic: z.object({
    action: linkActionSchema,
    font: fontSchema,
    hoverColor: z.string(),
    textShadows: z.array(textShadowSchema),
  }),
  advanced: advancedSchema,
});
export type LinkAttributes = z.infer<typeof linkAttributesSchema>;

/**
 * "link: content (default label 'Link'), linkUrl, font, hoverColor, textShadows; click action …".
 * The spec's linkUrl is the url of a goto-url action, so the address is kept in one place.
 */
export const link = defineBlock({
  type: 'link',
  tag: 'link',
  title: 'Link',
  palette: { page: { group: 'Content', at: 3 }, email: { group: 'Content', at: 3 } },
  icon: 'link',
  page: linkRenderer,
  email: linkEmail,
  attributes: linkAttributesSchema,
  defaults: (): LinkAttributes => ({
    basic: {
      action: NO_LINK,
      font: font({ color: ACCENT_COLOR, underline: true }),
      hoverColor: DEFAULT_TEXT_COLOR,
      textShadows: [],
    },
    advanced: advanced(),
  }),
  content: 'Link',
});
