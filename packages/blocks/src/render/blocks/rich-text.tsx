import type { BlockOf } from '../../catalogue/registry.ts';
import type { RichTextAttributes } from '../../catalogue/rich-text.ts';
import type { BlockRenderer } from '../context.ts';
import { borderCss, boxShadowCss, cssColor, fontCss, px, type StyleSheet, textShadowCss } from '../css.ts';
import { type EmailMarkup, type EmailRenderContext, textBlock } from '../email/block-markup.ts';
import { borderStyle } from '../email/mjml-markup.ts';
import { sanitizeInlineHtml } from '../inline-html.ts';
import { escapeHtml } from '../string/html.ts';

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

export const headlineRenderer: BlockRenderer<'headline'> = {
  html: (block) => `<h2 class="fw-box fw-headline fw-text">${sanitizeInlineHtml(block.content ?? '')}</h2>`,
  View: ({ block }) => (
    <h2
      className="fw-box fw-headline fw-text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to an inline allow-list
      dangerouslySetInnerHTML={{ __html: sanitizeInlineHtml(block.content ?? '') }}
    />
  ),
  css: (block, scope, sheet) => richTextCss(block.attributes, scope, sheet),
};

export const paragraphRenderer: BlockRenderer<'paragraph'> = {
  html: (block) => `<p class="fw-box fw-paragraph fw-text">${sanitizeInlineHtml(block.content ?? '')}</p>`,
  View: ({ block }) => (
    <p
      className="fw-box fw-paragraph fw-text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to an inline allow-list
      dangerouslySetInnerHTML={{ __html: sanitizeInlineHtml(block.content ?? '') }}
    />
  ),
  css: (block, scope, sheet) => richTextCss(block.attributes, scope, sheet),
};

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
