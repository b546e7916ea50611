import { font } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { sanitizeInlineHtml } from '../render/inline-html.ts';
import { richTextAttributes, richTextAttributesSchema, richTextCss, richTextEmail } from './rich-text.tsx';

const headlineRenderer: BlockRenderer<'headline'> = {
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

export const headline = defineBlock({
  type: 'headline',
  tag: 'headline',
  title: 'Headline',
  palette: { page: { group: 'Content', at: 0 }, email: { group: 'Content', at: 0 } },
  icon: 'heading',
  page: headlineRenderer,
  email: richTextEmail,
  attributes: richTextAttributesSchema,
  /** "Headline font size 18". */
  defaults: () => richTextAttributes(font({ size: 18, bold: true }), 1.3),
  content: 'Headline',
});
