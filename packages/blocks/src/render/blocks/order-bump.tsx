import type { BlockRenderer } from '../context.ts';
import { borderCss, cssColor, fontCss } from '../css.ts';
import { escapeHtml } from '../string/html.ts';

export const orderBumpRenderer: BlockRenderer<'orderBump'> = {
  html: (block) => {
    const { selected, productId, headline, content } = block.attributes.basic;
    const product = productId === null ? '' : ` data-product-id="${productId}"`;
    const input = `<input type="checkbox" name="order_bump"${selected ? ' checked=""' : ''} value="${escapeHtml(productId ?? '')}"/>`;
    const text =
      content !== '' ? `<div class="fw-order-bump-content fw-text">${escapeHtml(content)}</div>` : '';
    return `<div class="fw-box fw-order-bump" data-order-bump=""${product}><label class="fw-order-bump-label">${input}<span class="fw-order-bump-headline fw-text">${escapeHtml(headline)}</span></label>${text}</div>`;
  },
  View: ({ block }) => {
    const { selected, productId, headline, content } = block.attributes.basic;
    return (
      <div
        className="fw-box fw-order-bump"
        data-order-bump=""
        data-product-id={productId === null ? undefined : String(productId)}
      >
        <label className="fw-order-bump-label">
          <input type="checkbox" name="order_bump" value={productId ?? ''} defaultChecked={selected} />
          <span className="fw-order-bump-headline fw-text">{headline}</span>
        </label>
        {content !== '' && <div className="fw-order-bump-content fw-text">{content}</div>}
      </div>
    );
  },
  css: (block, scope, sheet) => {
    const { headlineFont, contentFont, labelFont, backgroundColor, border } = block.attributes.basic;
    sheet.add(`${scope}>.fw-box`, { 'background-color': cssColor(backgroundColor), ...borderCss(border) });
    sheet.add(`${scope} .fw-order-bump-label`, { ...fontCss(labelFont), display: 'flex', gap: '8px' });
    sheet.add(`${scope} .fw-order-bump-headline`, fontCss(headlineFont));
    sheet.add(`${scope} .fw-order-bump-content`, { ...fontCss(contentFont), 'margin-top': '8px' });
  },
};
