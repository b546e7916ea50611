import { z } from 'zod';
import { advanced, advancedSchema, font, fontSchema } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { fontCss } from '../render/css.ts';
import { attributes, escapeHtml } from '../render/string/html.ts';

/**
 * "Order summary labels default: Total, Product, Price, Subtotal, Discount, Tax, Discount code, Apply,
 * Show order summary, Hide order summary."
 */
export const ORDER_SUMMARY_LABELS = {
  total: 'Total',
  product: 'Product',
  price: 'Price',
  subtotal: 'Subtotal',
  discount: 'Discount',
  tax: 'Tax',
  discountCode: 'Discount code',
  apply: 'Apply',
  showSummary: 'Show order summary',
  hideSummary: 'Hide order summary',
} as const;

const labelsSchema = z.object({
  total: z.string(),
  product: z.string(),
  price: z.string(),
  subtotal: z.string(),
  discount: z.string(),
  tax: z.string(),
  discountCode: z.string(),
  apply: z.string(),
  showSummary: z.string(),
  hideSummary: z.string(),
});

export const orderSummaryAttributesSchema = z.object({
  basic: z.object({
    showImages: z.boolean(),
    allowDiscountCodes: z.boolean(),
    showHeader: z.boolean(),
    showTotal: z.boolean(),
    collapsable: z.boolean(),
    isOpen: z.boolean(),
    labels: labelsSchema,
    headerFont: fontSchema,
    itemFont: fontSchema,
  }),
  advanced: advancedSchema,
});
export type OrderSummaryAttributes = z.infer<typeof orderSummaryAttributesSchema>;

/** The cart's lines are filled in by the hydration script; the labels and switches are here. */
const orderSummaryRenderer: BlockRenderer<'orderSummary'> = {
  html: (block) => {
    const { showImages, allowDiscountCodes, showHeader, showTotal, collapsable, isOpen, labels } =
      block.attributes.basic;
    const open = !collapsable || isOpen;
    const hidden = open ? '' : ' hidden=""';
    const line = (name: string, label: string) =>
      `<tr data-line="${name}"><th scope="row">${escapeHtml(label)}</th><td></td></tr>`;
    const toggle = collapsable
      ? `<button${attributes({
          type: 'button',
          class: 'fw-order-summary-toggle',
          'data-action': 'toggle-summary',
          'data-show-label': labels.showSummary,
          'data-hide-label': labels.hideSummary,
          'aria-expanded': String(open),
        })}>${escapeHtml(open ? labels.hideSummary : labels.showSummary)}</button>`
      : '';
    const head = showHeader
      ? `<thead><tr><th scope="col">${escapeHtml(labels.product)}</th><th scope="col">${escapeHtml(labels.price)}</th></tr></thead>`
      : '';
    const foot = `<tfoot>${line('subtotal', labels.subtotal)}${line('discount', labels.discount)}${line('tax', labels.tax)}${showTotal ? line('total', labels.total) : ''}</tfoot>`;
    const code = escapeHtml(labels.discountCode);
    const discount = allowDiscountCodes
      ? `<div class="fw-discount-code"${hidden}><input type="text" placeholder="${code}" aria-label="${code}" name="discount_code"/><button type="button" data-action="apply-discount">${escapeHtml(labels.apply)}</button></div>`
      : '';
    return `<div class="fw-box fw-order-summary" data-order-summary="" data-show-images="${showImages}" data-collapsable="${collapsable}" data-open="${open}">${toggle}<table class="fw-order-summary-table"${hidden}>${head}<tbody data-order-lines=""></tbody>${foot}</table>${discount}</div>`;
  },
  View: ({ block }) => {
    const { showImages, allowDiscountCodes, showHeader, showTotal, collapsable, isOpen, labels } =
      block.attributes.basic;
    const open = !collapsable || isOpen;
    return (
      <div
        className="fw-box fw-order-summary"
        data-order-summary=""
        data-show-images={String(showImages)}
        data-collapsable={String(collapsable)}
        data-open={String(open)}
      >
        {collapsable && (
          <button
            type="button"
            className="fw-order-summary-toggle"
            data-action="toggle-summary"
            data-show-label={labels.showSummary}
            data-hide-label={labels.hideSummary}
            aria-expanded={open}
          >
            {open ? labels.hideSummary : labels.showSummary}
          </button>
        )}
        <table className="fw-order-summary-table" hidden={!open}>
          {showHeader && (
            <thead>
              <tr>
                <th scope="col">{labels.product}</th>
                <th scope="col">{labels.price}</th>
              </tr>
            </thead>
          )}
          <tbody data-order-lines="" />
          <tfoot>
            <tr data-line="subtotal">
              <th scope="row">{labels.subtotal}</th>
              <td />
            </tr>
            <tr data-line="discount">
              <th scope="row">{labels.discount}</th>
              <td />
            </tr>
            <tr data-line="tax">
              <th scope="row">{labels.tax}</th>
              <td />
            </tr>
            {showTotal && (
              <tr data-line="total">
                <th scope="row">{labels.total}</th>
                <td />
              </tr>
            )}
          </tfoot>
        </table>
        {allowDiscountCodes && (
          <div className="fw-discount-code" hidden={!open}>
            <input
              type="text"
              name="discount_code"
              placeholder={labels.discountCode}
              aria-label={labels.discountCode}
            />
            <button type="button" data-action="apply-discount">
              {labels.apply}
            </button>
          </div>
        )}
      </div>
    );
  },
  css: (block, scope, sheet) => {
    const { headerFont, itemFont } = block.attributes.basic;
    sheet.add(`${scope} .fw-order-summary-table`, { width: '100%', 'border-collapse': 'collapse' });
    sheet.add(`${scope} thead th`, fontCss(headerFont));
    sheet.add(`${scope} tbody, ${scope} tfoot`, fontCss(itemFont));
  },
};

export const orderSummary = defineBlock({
  type: 'orderSummary',
  tag: 'order-summary',
  title: 'Order summary',
  palette: { page: { group: 'Checkout', at: 5 } },
  icon: 'receipt',
  page: orderSummaryRenderer,
  email: false,
  attributes: orderSummaryAttributesSchema,
  defaults: (): OrderSummaryAttributes => ({
    basic: {
      showImages: true,
      allowDiscountCodes: true,
      showHeader: true,
      showTotal: true,
      collapsable: false,
      isOpen: true,
      labels: { ...ORDER_SUMMARY_LABELS },
      headerFont: font({ bold: true }),
      itemFont: font(),
    },
    advanced: advanced(),
  }),
});
