import type { BlockRenderer } from '../context.ts';

/**
 * "custom HTML: content, blockStyles". The content is the merchant's own HTML, put in as it is: published
 * pages live on their own origin, apart from the dashboard. It is the only raw HTML a page renders.
 */
export const customHtmlRenderer: BlockRenderer<'customHtml'> = {
  html: (block) => `<div class="fw-box fw-custom-html">${block.content ?? ''}</div>`,
  View: ({ block }) => (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the merchant's own HTML on the merchant's own page
    <div className="fw-box fw-custom-html" dangerouslySetInnerHTML={{ __html: block.content ?? '' }} />
  ),
  css: (block, scope, sheet) => {
    // blockStyles are declarations for the block's box; braces would let them reach other elements.
    const declarations = block.attributes.basic.blockStyles.replace(/[{}]/g, '').trim();
    if (declarations !== '') sheet.addRaw(`${scope}>.fw-box{${declarations}}`);
  },
};
