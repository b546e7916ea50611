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
} from '../catalogue/common.ts';
import type { BlockOf } from '../catalogue/registry.ts';
import type { BlockRenderer } from '../render/context.ts';
import {
  borderCss,
  boxShadowCss,
  cssColor,
  fontCss,
  px,
  type StyleSheet,
  textShadowCss,
} from '../render/css.ts';
import { type EmailMarkup, type EmailRenderContext, textBlock } from '../render/email/block-markup.ts';
import { borderStyle } from '../render/email/mjml-markup.ts';
import { sanitizeInlineHtml } from '../render/inline-html.ts';
import { escapeHtml } from '../render/string/html.ts';

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

/**
 * Headline and paragraph content is inline rich text (bold, italic, underline, strike, links, colour), drawn
 * as sanitised HTML (render/inline-html.ts); its base look comes from the block's font (docs/decisions/funnels-and-editor.md).
 */
function richTextCss(attributes: RichTextAttributes, scope: string, sheet: StyleSheet) {
  const { basic } = attributes;
  sheet.add(`${scope}>.fw-box`, {
    margin: 0,
    ...fontCss(basic.font),
    'line-height': basic.lineHeight,
    'letter-spacing': basic.letterSpacing !== 0 ? px(basic.letterSpacing) : undefined,
    'background-color': cssColor(basic.backgroundColor),
    'box-shadow': boxShadowCss(basic.shadows),
    'text-shadow': textShadowCss(basic.textShadows),
    ...borderCss(basic.border),
  });
}

/** A headline (`h2`) or paragraph (`p`): the block's sanitised rich text in the element, styled by its font. */
export function richTextRenderer<K extends 'headline' | 'paragraph'>(
  Tag: 'h2' | 'p',
  type: K,
): BlockRenderer<K> {
  const className = `fw-box fw-${type} fw-text`;
  return {
    html: (block) => `<${Tag} class="${className}">${sanitizeInlineHtml(block.content ?? '')}</${Tag}>`,
    View: ({ block }) => (
      <Tag
        className={className}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to an inline allow-list
        dangerouslySetInnerHTML={{ __html: sanitizeInlineHtml(block.content ?? '') }}
      />
    ),
    css: (block, scope, sheet) => richTextCss(block.attributes, scope, sheet),
  };
}

function richTextMjml(block: BlockOf<'headline' | 'paragraph'>, context: EmailRenderContext): string {
  const { font, lineHeight, letterSpacing, backgroundColor, border } = block.attributes.basic;
  const box = borderStyle(border);
  const html = sanitizeInlineHtml(block.content ?? '');
  return textBlock(
    block,
    context,
    font,
    box === '' ? html : `<div style="${escapeHtml(box)}">${html}</div>`,
    {
      'line-height': String(lineHeight),
      'letter-spacing': letterSpacing === 0 ? undefined : px(letterSpacing),
      'container-background-color': cssColor(backgroundColor) ?? cssColor(context.background),
    },
  );
}

export const richTextEmail: EmailMarkup<'headline' | 'paragraph'> = {
  mjml: richTextMjml,
  text: (block, { htmlText }) => [htmlText(sanitizeInlineHtml(block.content ?? ''))],
};
