import { z } from 'zod';
import { advanced, advancedSchema, border, borderSchema, font, fontSchema } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { borderCss, cssColor, fontCss } from '../render/css.ts';
import { type EmailMarkup, fieldBox, fieldLabel, textBlock } from '../render/email/block-markup.ts';
import { escapeHtml } from '../render/string/html.ts';

export const paymentFormAttributesSchema = z.object({
  basic: z.object({
    showLabels: z.boolean(),
    labelFont: fontSchema,
    inputFont: fontSchema,
    backgroundColor: z.string(),
    border: borderSchema,
  }),
  advanced: advancedSchema,
});
export type PaymentFormAttributes = z.infer<typeof paymentFormAttributesSchema>;

const FIELDS = [
  { key: 'number', label: 'Card number', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
  { key: 'expiry', label: 'Expiry date', autoComplete: 'cc-exp', placeholder: 'MM / YY' },
  { key: 'cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: 'CVC' },
] as const;

/**
 * The card fields' places. They have no name, so card data is never posted with the form: the
 * gateway's script takes over the fields marked data-gateway-field.
 */
const paymentFormRenderer: BlockRenderer<'paymentForm'> = {
  html: (block) => {
    const hidden = block.attributes.basic.showLabels ? '' : ' hidden=""';
    let fields = '';
    for (const field of FIELDS) {
      const id = `fw-card-${block.id}-${field.key}`;
      fields += `<div class="fw-card-field fw-card-${field.key}"><label class="fw-label" for="${id}"${hidden}>${escapeHtml(field.label)}</label><input id="${id}" class="fw-input" data-gateway-field="${field.key}" autoComplete="${field.autoComplete}" inputMode="numeric" placeholder="${escapeHtml(field.placeholder)}"/></div>`;
    }
    return `<fieldset class="fw-box fw-payment-form" data-payment-form="">${fields}</fieldset>`;
  },
  View: ({ block }) => (
    <fieldset className="fw-box fw-payment-form" data-payment-form="">
      {FIELDS.map((field) => (
        <div key={field.key} className={`fw-card-field fw-card-${field.key}`}>
          <label
            className="fw-label"
            htmlFor={`fw-card-${block.id}-${field.key}`}
            hidden={!block.attributes.basic.showLabels}
          >
            {field.label}
          </label>
          <input
            id={`fw-card-${block.id}-${field.key}`}
            className="fw-input"
            data-gateway-field={field.key}
            autoComplete={field.autoComplete}
            inputMode="numeric"
            placeholder={field.placeholder}
          />
        </div>
      ))}
    </fieldset>
  ),
  css: (block, scope, sheet) => {
    const { labelFont, inputFont, backgroundColor, border } = block.attributes.basic;
    sheet.add(`${scope} .fw-label`, fontCss(labelFont));
    sheet.add(`${scope} .fw-input`, {
      ...fontCss(inputFont),
      'background-color': cssColor(backgroundColor),
      ...borderCss(border),
    });
  },
};

/** The card fields of the page's payment form, as a placeholder of their look. */
const PAYMENT_FIELDS = [
  { label: 'Card number', placeholder: '1234 1234 1234 1234' },
  { label: 'Expiry date', placeholder: 'MM / YY' },
  { label: 'CVC', placeholder: 'CVC' },
] as const;

const paymentFormEmail: EmailMarkup<'paymentForm'> = {
  mjml: (block, context) => {
    const basic = block.attributes.basic;
    const content = PAYMENT_FIELDS.map(
      (field) =>
        (basic.showLabels ? fieldLabel(field.label, basic.labelFont, false) : '') +
        fieldBox(basic, basic.inputFont, field.placeholder),
    ).join('<div style="height:8px"></div>');
    return textBlock(block, context, basic.inputFont, content);
  },
  text: () => [],
};

/** The card fields of the checkout; the gateway decides which fields it shows. */
export const paymentForm = defineBlock({
  type: 'paymentForm',
  tag: 'payment-form',
  title: 'Payment form',
  palette: { page: { group: 'Checkout', at: 4 }, email: { group: 'Commerce', at: 2 } },
  icon: 'credit-card',
  page: paymentFormRenderer,
  email: paymentFormEmail,
  attributes: paymentFormAttributesSchema,
  defaults: (): PaymentFormAttributes => ({
    basic: {
      showLabels: true,
      labelFont: font({ bold: true }),
      inputFont: font(),
      backgroundColor: '#FFFFFF',
      border: border({ width: 1, color: '#D5DAE3', style: 'solid', radius: 6 }),
    },
    advanced: advanced(),
  }),
});
