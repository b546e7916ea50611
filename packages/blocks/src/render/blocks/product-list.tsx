import type { BlockRenderer } from '../context.ts';
import { fontCss } from '../css.ts';

/** Prices are in the funnel's currency, which the hydration script formats; the number is in data-price. */
export const productListRenderer: BlockRenderer<'productList'> = {
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
                <input type="number" name={`${name}[${value}]`} min={0} defaultValue={entry.pcs} />
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
