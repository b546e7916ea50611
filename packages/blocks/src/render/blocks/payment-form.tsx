import type { BlockRenderer } from '../context.ts';
import { borderCss, cssColor, fontCss } from '../css.ts';
import { type EmailMarkup, fieldBox, fieldLabel, textBlock } from '../email/block-markup.ts';
import { escapeHtml } from '../string/html.ts';

const FIELDS = [
  { key: 'number', label: 'Card number', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
  { key: 'expiry', label: 'Expiry date', autoComplete: 'cc-exp', placeholder: 'MM / YY' },
  { key: 'cvc', label: 'CVC', autoComplete: 'cc-csc', placeholder: 'CVC' },
] as const;

/**
 * The card fields' places. They have no name, so card data is never posted with the form: the
 * gateway's script takes over the fields marked data-gateway-field.
 */
export const paymentFormRenderer: BlockRenderer<'paymentForm'> = {
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

export const paymentFormEmail: EmailMarkup<'paymentForm'> = {
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
