import { z } from 'zod';
import { advanced, advancedSchema } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { merchantClasses, visibilityClasses } from '../render/css.ts';
import type { EmailMarkup } from '../render/email/block-markup.ts';
import { sanitizeEmailHtml } from '../render/email/email-html.ts';
import { addSpacing, fontStyle, mjml, spacingAttribute, styleText } from '../render/email/mjml-markup.ts';
import { attributes, escapeHtml } from '../render/string/html.ts';

export const customHtmlAttributesSchema = z.object({
  basic: z.object({ blockStyles: z.string() }),
  advanced: advancedSchema,
});
export type CustomHtmlAttributes = z.infer<typeof customHtmlAttributesSchema>;

/** The editor's frame of a Custom HTML block: its height, since a frame without scripts cannot report one. */
export const CUSTOM_HTML_FRAME_HEIGHT = 200;

/**
 * "custom HTML: content, blockStyles". The content is the merchant's own HTML, put in as it is: published
 * pages live on their own origin, apart from the dashboard. It is the only raw HTML a page renders. In the
 * editor (on the dashboard's origin) it is never parsed in the dashboard's document: a sandboxed frame
 * without scripts or same-origin shows it, so its `<meta http-equiv="refresh">` cannot move the
 * merchant's tab and its `<style>` cannot restyle the dashboard. Clicks go through the frame to the block,
 * which selects it.
 */
const customHtmlRenderer: BlockRenderer<'customHtml'> = {
  html: (block, context) =>
    context.editor
      ? `<div class="fw-box fw-custom-html"><iframe${attributes({
          title: 'Custom HTML',
          sandbox: '',
          srcDoc: block.content ?? '',
        })} style="display:block;width:100%;height:${CUSTOM_HTML_FRAME_HEIGHT}px;border:0;pointer-events:none"></iframe></div>`
      : `<div class="fw-box fw-custom-html">${block.content ?? ''}</div>`,
  View: ({ block, context }) =>
    context.editor ? (
      <div className="fw-box fw-custom-html">
        <iframe
          title="Custom HTML"
          sandbox=""
          srcDoc={block.content ?? ''}
          style={{
            display: 'block',
            width: '100%',
            height: CUSTOM_HTML_FRAME_HEIGHT,
            border: 0,
            pointerEvents: 'none',
          }}
        />
      </div>
    ) : (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the merchant's own HTML on the merchant's own page
      <div className="fw-box fw-custom-html" dangerouslySetInnerHTML={{ __html: block.content ?? '' }} />
    ),
  css: (block, scope, sheet) => {
    // blockStyles are declarations for the block's box; braces would let them reach other elements.
    const declarations = block.attributes.basic.blockStyles.replace(/[{}]/g, '').trim();
    if (declarations !== '') sheet.addRaw(`${scope}>.fw-box{${declarations}}`);
  },
};

/** "custom HTML: content, blockStyles" — scripts, frames and handlers stripped (see sanitizeEmailHtml). */
const customHtmlEmail: EmailMarkup<'customHtml'> = {
  mjml: (block, context) => {
    const html = sanitizeEmailHtml(block.content ?? '');
    if (html.trim() === '') return '';
    const { padding, margin, cssClasses } = block.attributes.advanced;
    // mjml's columns set font-size:0 around their cells, so the cell states the page font itself.
    const style = [
      styleText({ padding: spacingAttribute(addSpacing(padding, margin)) }),
      fontStyle({ ...context.document.settings.font, align: undefined }),
    ].join(';');
    const own = block.attributes.basic.blockStyles.replace(/[{}]/g, '').trim();
    const classes = [...visibilityClasses(block.responsive), ...merchantClasses(cssClasses)].join(' ');
    const classAttribute = classes === '' ? '' : ` class="${classes}"`;
    return mjml(
      'mj-raw',
      {},
      `<tr><td${classAttribute} style="${escapeHtml([style, own].filter(Boolean).join(';'))}">${html}</td></tr>`,
    );
  },
  text: (block, { htmlText }) => [htmlText(sanitizeEmailHtml(block.content ?? ''))],
};

/** "custom HTML: content, blockStyles" — the HTML is the block's `content`. */
export const customHtml = defineBlock({
  type: 'customHtml',
  tag: 'custom-html',
  title: 'Custom HTML',
  palette: { page: { group: 'Content', at: 8 }, email: { group: 'Content', at: 8 } },
  icon: 'code',
  page: customHtmlRenderer,
  email: customHtmlEmail,
  attributes: customHtmlAttributesSchema,
  defaults: (): CustomHtmlAttributes => ({ basic: { blockStyles: '' }, advanced: advanced() }),
  content: '',
});
