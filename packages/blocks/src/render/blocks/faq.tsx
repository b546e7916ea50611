import type { BlockRenderer } from '../context.ts';
import { borderCss, cssColor, fontCss } from '../css.ts';
import { escapeHtml } from '../string/html.ts';

/** A question opens and closes without a script (details/summary); the answer is the FAQ's children. */
export const faqRenderer: BlockRenderer<'faq'> = {
  html: (block, context) => {
    const { isActive, title } = block.attributes.basic;
    return `<details class="fw-box fw-faq"${isActive ? ' open=""' : ''}><summary class="fw-faq-title fw-text">${escapeHtml(title)}</summary><div class="fw-faq-answer">${context.renderBlocks(block.children)}</div></details>`;
  },
  View: ({ block, context }) => (
    <details className="fw-box fw-faq" open={block.attributes.basic.isActive}>
      <summary className="fw-faq-title fw-text">{block.attributes.basic.title}</summary>
      <div className="fw-faq-answer">{context.renderBlocks(block.children)}</div>
    </details>
  ),
  css: (block, scope, sheet) => {
    const { basic, hover, active } = block.attributes;
    sheet.add(`${scope}>.fw-box`, {
      'background-color': cssColor(basic.backgroundColor),
      ...borderCss(basic.border),
    });
    sheet.add(`${scope} .fw-faq-title`, fontCss(basic.titleFont));
    sheet.add(`${scope} .fw-faq-title:hover`, {
      color: cssColor(hover.color),
      'background-color': cssColor(hover.backgroundColor),
    });
    sheet.add(`${scope}>.fw-box[open]>.fw-faq-title`, {
      color: cssColor(active.color),
      'background-color': cssColor(active.backgroundColor),
    });
  },
};
