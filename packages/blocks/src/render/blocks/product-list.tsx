import { NUMBER_INPUT_MAX, NUMBER_INPUT_MIN } from '@funnelwork/domain/shared/messages';
import type { BlockRenderer } from '../context.ts';
import { fontCss } from '../css.ts';
import { escapeHtml, texts } from '../string/html.ts';

/** Prices are in the funnel's currency, which the hydration script formats; the number is in data-price. */
export const productListRenderer: BlockRenderer<'productList'> = {
  html: (block) => {
    const { selectionType, entries } = block.attributes.basic;
    const name = `products_${block.id}`;
    let out = `<fieldset class="fw-box fw-product-list" data-product-list="" data-selection-type="${escapeHtml(selectionType)}">`;
    entries.forEach((entry, index) => {
      const value = entry.productId === null ? '' : String(entry.productId);
      const input =
        selectionType === 'qty'
          ? `<input type="number" min="${NUMBER_INPUT_MIN}" max="${NUMBER_INPUT_MAX}" name="${escapeHtml(`${name}[${value}]`)}" value="${escapeHtml(entry.pcs)}"/>`
          : `<input type="${selectionType === 'single' ? 'radio' : 'checkbox'}" name="${name}"${selectionType === 'single' && index === 0 ? ' checked=""' : ''} value="${escapeHtml(value)}"/>`;
      const price = entry.price.toFixed(2);
      out += `<label class="fw-product"${value ? ` data-product-id="${escapeHtml(value)}"` : ''}>${input}<span class="fw-product-title">${escapeHtml(entry.title)}</span><span class="fw-product-pcs">${texts(entry.pcs, ' pcs')}</span><span class="fw-product-price" data-price="${price}">${price}</span></label>`;
    });
    return `${out}</fieldset>`;
  },
  View: ({ block }) => {
    const { selectionType, entries } = block.attributes.basic;
    const name = `products_${block.id}`;
    return (
      <fieldset className="fw-box fw-product-list" data-product-list="" data-selection-type={selectionType}>
        {entries.map((entry, index) => {
          const value = entry.productId === null ? '' : String(entry.productId);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id of their own
            // biome-ignore lint/a11y/noLabelWithoutControl: the label wraps its input (radio, checkbox or number)
            <label key={index} className="fw-product" data-product-id={value || undefined}>
              {selectionType === 'qty' ? (
                <input
                  type="number"
                  min={NUMBER_INPUT_MIN}
                  max={NUMBER_INPUT_MAX}
                  name={`${name}[${value}]`}
                  defaultValue={entry.pcs}
                />
              ) : (
                <input
                  type={selectionType === 'single' ? 'radio' : 'checkbox'}
                  name={name}
                  value={value}
                  defaultChecked={selectionType === 'single' && index === 0}
                />
              )}
              <span className="fw-product-title">{entry.title}</span>
              <span className="fw-product-pcs">{entry.pcs} pcs</span>
              <span className="fw-product-price" data-price={entry.price.toFixed(2)}>
                {entry.price.toFixed(2)}
              </span>
            </label>
          );
        })}
      </fieldset>
    );
  },
  css: (block, scope, sheet) => {
    const { titleFont, priceFont } = block.attributes.basic;
    sheet.add(`${scope} .fw-product-title`, fontCss(titleFont));
    sheet.add(`${scope} .fw-product-price`, fontCss(priceFont));
  },
};
