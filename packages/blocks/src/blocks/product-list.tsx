import { NUMBER_INPUT_MAX, NUMBER_INPUT_MIN } from '@funnelwork/domain/shared/messages';
import { formatPrice } from '@funnelwork/domain/shared/money';
import { z } from 'zod';
import { advanced, advancedSchema, font, fontSchema } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { fontCss } from '../render/css.ts';
import { common, type EmailMarkup } from '../render/email/block-markup.ts';
import { fontAttributes, fontStyle, mjml } from '../render/email/mjml-markup.ts';
import { escapeHtml, texts } from '../render/string/html.ts';

/** "selectionType single, multi or qty ('Single checkout', 'Multi-checkout', 'Multi-Quantity')". */
export const SELECTION_TYPES = {
  single: 'Single checkout',
  multi: 'Multi-checkout',
  qty: 'Multi-Quantity',
} as const;

export const productListAttributesSchema = z.object({
  basic: z.object({
    selectionType: z.enum(['single', 'multi', 'qty']),
    entries: z.array(
      z.object({
        productId: z.number().int().positive().nullable(),
        title: z.string(),
        pcs: z.number().int().min(0),
        price: z.number().min(0),
        /**
         * The linked product as the page is drawn (bound by withSellableProducts, never stored or edited):
         * its currency and its variants, of which the shopper chooses one.
         */
        product: z
          .object({
            currency: z.string(),
            variants: z.array(
              z.object({ id: z.number().int().positive(), name: z.string(), price: z.number() }),
            ),
          })
          .optional()
          .meta({ bound: true }),
      }),
    ),
    titleFont: fontSchema,
    priceFont: fontSchema,
  }),
  advanced: advancedSchema,
});
export type ProductListAttributes = z.infer<typeof productListAttributesSchema>;

type Entry = ProductListAttributes['basic']['entries'][number];

/** The price an entry shows: its product's first variant's (the one chosen when the page loads). */
const shownPrice = (entry: Entry) => entry.product?.variants[0]?.price ?? entry.price;
/** "a currency symbol defaults to $, and RON is written 'amount lei'" (spec §9). */
const priceText = (entry: Entry) => formatPrice(shownPrice(entry), entry.product?.currency);
const variantLabel = (entry: Entry) => `${entry.title} option`;

/**
 * A product with variants offers them in a select (the page script posts the chosen one and shows its
 * price); prices are written in the product's currency, the number in data-price.
 */
const productListRenderer: BlockRenderer<'productList'> = {
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
      const variants = entry.product?.variants ?? [];
      let select = '';
      if (variants.length > 0) {
        select = `<select class="fw-product-variant" aria-label="${escapeHtml(variantLabel(entry))}" data-variant-select="">`;
        variants.forEach((variant, at) => {
          select += `<option value="${variant.id}" data-price="${variant.price.toFixed(2)}"${at === 0 ? ' selected=""' : ''}>${escapeHtml(variant.name)}</option>`;
        });
        select += '</select>';
      }
      const currency = entry.product ? ` data-currency="${escapeHtml(entry.product.currency)}"` : '';
      out += `<label class="fw-product"${value ? ` data-product-id="${escapeHtml(value)}"` : ''}>${input}<span class="fw-product-title">${escapeHtml(entry.title)}</span>${select}<span class="fw-product-pcs">${texts(entry.pcs, ' pcs')}</span><span class="fw-product-price" data-price="${shownPrice(entry).toFixed(2)}"${currency}>${escapeHtml(priceText(entry))}</span></label>`;
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
          const variants = entry.product?.variants ?? [];
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
              {variants.length > 0 && (
                <select
                  className="fw-product-variant"
                  aria-label={variantLabel(entry)}
                  data-variant-select=""
                  defaultValue={String(variants[0]?.id)}
                >
                  {variants.map((variant) => (
                    <option key={variant.id} value={variant.id} data-price={variant.price.toFixed(2)}>
                      {variant.name}
                    </option>
                  ))}
                </select>
              )}
              <span className="fw-product-pcs">{entry.pcs} pcs</span>
              <span
                className="fw-product-price"
                data-price={shownPrice(entry).toFixed(2)}
                data-currency={entry.product?.currency}
              >
                {priceText(entry)}
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

const productListEmail: EmailMarkup<'productList'> = {
  mjml: (block, context) => {
    const { entries, titleFont, priceFont, selectionType } = block.attributes.basic;
    // The page's choice as a mark: the first of a single choice is chosen, as on the page.
    const mark = (index: number) =>
      selectionType === 'qty' ? '' : selectionType === 'multi' ? '☐ ' : index === 0 ? '◉ ' : '◯ ';
    const rows = entries
      .map(
        (entry, index) =>
          `<tr><td style="${escapeHtml(fontStyle(titleFont))};padding:6px 0">${mark(index)}${escapeHtml(entry.title)}</td><td style="${escapeHtml(fontStyle(priceFont))};padding:6px 8px;white-space:nowrap">${entry.pcs} pcs</td><td style="${escapeHtml(fontStyle({ ...priceFont, align: 'right' }))};padding:6px 0;white-space:nowrap">${entry.price.toFixed(2)}</td></tr>`,
      )
      .join('');
    if (rows === '') return '';
    const { 'font-family': family, 'font-size': size, color } = fontAttributes(titleFont);
    return mjml(
      'mj-table',
      { 'font-family': family, 'font-size': size, color, ...common(block, context) },
      rows,
    );
  },
  text: (block) =>
    block.attributes.basic.entries.map(
      (entry) => `${entry.title} — ${entry.pcs} pcs — ${entry.price.toFixed(2)}`,
    ),
};

export const productList = defineBlock({
  type: 'productList',
  tag: 'product-list',
  title: 'Product list',
  palette: { page: { group: 'Checkout', at: 7 }, email: { group: 'Commerce', at: 0 } },
  icon: 'list-details',
  page: productListRenderer,
  email: productListEmail,
  attributes: productListAttributesSchema,
  defaults: (): ProductListAttributes => ({
    basic: {
      selectionType: 'single',
      entries: [],
      titleFont: font({ bold: true }),
      priceFont: font(),
    },
    advanced: advanced(),
  }),
});
