import type { RichTextAttributes } from '../../catalogue/rich-text.ts';
import type { BlockRenderer } from '../context.ts';
import { borderCss, boxShadowCss, cssColor, fontCss, px, type StyleSheet, textShadowCss } from '../css.ts';
import { escapeHtml } from '../string/html.ts';

/**
 * Headline and paragraph text is the merchant's text, escaped like all text; its look comes from the
 * block's font (see docs/decisions.md).
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
  html: (block) => `<h2 class="fw-box fw-headline fw-text">${escapeHtml(block.content ?? '')}</h2>`,
  View: ({ block }) => <h2 className="fw-box fw-headline fw-text">{block.content ?? ''}</h2>,
  css: (block, scope, sheet) => richTextCss(block.attributes, scope, sheet),
};

export const paragraphRenderer: BlockRenderer<'paragraph'> = {
  html: (block) => `<p class="fw-box fw-paragraph fw-text">${escapeHtml(block.content ?? '')}</p>`,
  View: ({ block }) => <p className="fw-box fw-paragraph fw-text">{block.content ?? ''}</p>,
  css: (block, scope, sheet) => richTextCss(block.attributes, scope, sheet),
};
