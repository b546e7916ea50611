import { font } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { sanitizeInlineHtml } from '../render/inline-html.ts';
import { richTextAttributes, richTextAttributesSchema, richTextCss, richTextEmail } from './rich-text.tsx';

const paragraphRenderer: BlockRenderer<'paragraph'> = {
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

export const paragraph = defineBlock({
  type: 'paragraph',
  tag: 'paragraph',
  title: 'Paragraph',
  palette: { page: { group: 'Content', at: 1 }, email: { group: 'Content', at: 1 } },
  icon: 'text-size',
  page: paragraphRenderer,
  email: richTextEmail,
  attributes: richTextAttributesSchema,
  /** "Default font Roboto 14, colour #252A32." */
  defaults: () => richTextAttributes(font(), 1.5),
  content: 'Paragraph',
});
