import { COUNTRIES } from '@funnelwork/domain/customers/countries';
import { STATES } from '@funnelwork/domain/customers/states';
import { NUMBER_INPUT_MAX, NUMBER_INPUT_MIN } from '@funnelwork/domain/shared/messages';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { advanced, advancedSchema, border, borderSchema, font, fontSchema } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockOf } from '../catalogue/registry.ts';
import type { BlockRenderer } from '../render/context.ts';
import { borderCss, cssColor, fontCss } from '../render/css.ts';
import { type EmailMarkup, fieldBox, fieldLabel, textBlock } from '../render/email/block-markup.ts';
import { fontStyle } from '../render/email/mjml-markup.ts';
import { attributes, escapeHtml, texts } from '../render/string/html.ts';

export const INPUT_TYPES = ['input', 'textarea', 'number', 'checkbox', 'radio', 'select', 'double'] as const;
export const OPTIONS_TYPES = ['custom', 'countries', 'states', 'cities'] as const;

export const formElementBasicSchema = z.object({
  inputType: z.enum(INPUT_TYPES),
  dataType: z.string(),
  dataName: z.string(),
  label: z.string(),
  placeholder: z.string(),
  required: z.boolean(),
  showLabel: z.boolean(),
  /** §5 "optional max length with a counter"; null means no limit. */
  maxLength: z.number().int().positive().nullable(),
  optionsType: z.enum(OPTIONS_TYPES),
  options: z.array(z.object({ label: z.string(), value: z.string() })),
  autoOptin: z.boolean(),
  labelFont: fontSchema,
  inputFont: fontSchema,
  backgroundColor: z.string(),
  border: borderSchema,
});
export type FormElementBasic = z.infer<typeof formElementBasicSchema>;

export const formElementAttributesSchema = z.object({
  basic: formElementBasicSchema,
  advanced: advancedSchema,
});
export type FormElementAttributes = z.infer<typeof formElementAttributesSchema>;

type FieldPreset = Pick<FormElementBasic, 'label' | 'dataName' | 'dataType' | 'inputType' | 'optionsType'>;

/** "Form blocks default to required inputs with labels." */
export function formElementAttributes(preset: Partial<FieldPreset> = {}): FormElementAttributes {
  return {
    basic: {
      inputType: 'input',
      dataType: 'text',
      dataName: 'custom_field',
      label: 'Label',
      placeholder: '',
      required: true,
      showLabel: true,
      maxLength: null,
      optionsType: 'custom',
      options: [],
      autoOptin: false,
      labelFont: font({ bold: true }),
      inputFont: font(),
      backgroundColor: '#FFFFFF',
      border: border({ width: 1, color: '#D5DAE3', style: 'solid', radius: 6 }),
      ...preset,
    },
    advanced: advanced({ margin: { top: 0, right: 0, bottom: 12, left: 0 } }),
  };
}

/**
 * "default fields: full name, email, phone, shipping address, city, country, state, zip". The city,
 * country, state and zip are the shipping address's (`shipping_*`); pages stored with the unprefixed
 * names are read the same way at checkout (`completeAddresses`).
 */
export const DEFAULT_FORM_FIELDS: readonly FieldPreset[] = [
  { label: 'Full name', dataName: 'full_name', dataType: 'text', inputType: 'input', optionsType: 'custom' },
  { label: 'Email', dataName: 'email', dataType: 'email', inputType: 'input', optionsType: 'custom' },
  { label: 'Phone', dataName: 'phone', dataType: 'tel', inputType: 'input', optionsType: 'custom' },
  {
    label: 'Shipping address',
    dataName: 'shipping_address',
    dataType: 'text',
    inputType: 'input',
    optionsType: 'custom',
  },
  { label: 'City', dataName: 'shipping_city', dataType: 'text', inputType: 'input', optionsType: 'custom' },
  {
    label: 'Country',
    dataName: 'shipping_country',
    dataType: 'text',
    inputType: 'select',
    optionsType: 'countries',
  },
  {
    label: 'State',
    dataName: 'shipping_state',
    dataType: 'text',
    inputType: 'select',
    optionsType: 'states',
  },
  { label: 'Zip', dataName: 'shipping_zip', dataType: 'text', inputType: 'input', optionsType: 'custom' },
];

const HTML_INPUT_TYPES = new Set(['text', 'email', 'tel', 'number', 'url', 'date', 'password']);

type Choice = { label: string; value: string; country?: string };

const COUNTRY_OPTIONS: Choice[] = COUNTRIES.map((country) => ({ label: country.name, value: country.code }));
/** Each state carries its country; the page script offers those of the country chosen in the form. */
const STATE_OPTIONS: Choice[] = STATES.map((state) => ({
  label: state.name,
  value: state.code,
  country: state.country,
}));

/** A field's choices: the countries, the states, or the merchant's own options. */
function optionsOf(basic: BlockOf<'formElement'>['attributes']['basic']): Choice[] {
  if (basic.optionsType === 'countries') return COUNTRY_OPTIONS;
  if (basic.optionsType === 'states') return STATE_OPTIONS;
  return basic.options;
}

/** One field of a form; its value is posted under its dataName. */
const formElementRenderer: BlockRenderer<'formElement'> = {
  html: (block) => {
    const basic = block.attributes.basic;
    const id = `fw-field-${block.id}`;
    const { dataName: name, required } = basic;
    const optin = basic.autoOptin ? 'true' : undefined;
    const maxLength = basic.maxLength ?? undefined;
    const textType = HTML_INPUT_TYPES.has(basic.dataType) ? basic.dataType : 'text';
    // An <input>'s name, checked and value come after its other attributes, as React writes them.
    const input = (list: Parameters<typeof attributes>[0], inputName: string, value?: string) =>
      `<input${attributes(list)} name="${escapeHtml(inputName)}"${value === undefined ? '' : ` value="${escapeHtml(value)}"`}/>`;
    let field = '';
    switch (basic.inputType) {
      case 'textarea':
        field = `<textarea${attributes({ id, class: 'fw-input', placeholder: basic.placeholder, maxLength, name, required, 'data-auto-optin': optin })}></textarea>`;
        break;
      case 'number':
        field = input(
          {
            id,
            class: 'fw-input',
            type: 'number',
            min: NUMBER_INPUT_MIN,
            max: NUMBER_INPUT_MAX,
            placeholder: basic.placeholder,
            required,
            'data-auto-optin': optin,
          },
          name,
        );
        break;
      case 'checkbox':
      case 'radio': {
        const options = optionsOf(basic);
        const list =
          options.length > 0 ? options : [{ label: basic.placeholder || basic.label, value: 'yes' }];
        const choiceRequired = required && basic.inputType === 'radio';
        let choices = '';
        for (const option of list)
          choices += `<label class="fw-choice">${input({ type: basic.inputType, required: choiceRequired, 'data-auto-optin': optin }, name, option.value)}${escapeHtml(option.label)}</label>`;
        field = `<fieldset class="fw-choices" aria-labelledby="${id}-label">${choices}</fieldset>`;
        break;
      }
      case 'select': {
        let choices = `<option value="" disabled="" selected="">${escapeHtml(basic.placeholder || basic.label)}</option>`;
        for (const option of optionsOf(basic))
          choices += `<option value="${escapeHtml(option.value)}"${option.value === '' ? ' selected=""' : ''}${option.country ? ` data-country="${option.country}"` : ''}>${escapeHtml(option.label)}</option>`;
        field = `<select${attributes({ id, class: 'fw-input', 'data-options-type': basic.optionsType, name, required, 'data-auto-optin': optin })}>${choices}</select>`;
        break;
      }
      case 'double': {
        const [first = '', second = ''] = basic.placeholder.split('|');
        const common = { class: 'fw-input', type: textType };
        field = `<span class="fw-double">${input(
          { id, ...common, placeholder: first, maxLength, required, 'data-auto-optin': optin },
          `${name}_1`,
        )}${input(
          {
            ...common,
            placeholder: second,
            maxLength,
            required,
            'data-auto-optin': optin,
            'aria-labelledby': `${id}-label`,
          },
          `${name}_2`,
        )}</span>`;
        break;
      }
      case 'input':
        field = input(
          {
            id,
            class: 'fw-input',
            type: textType,
            placeholder: basic.placeholder,
            maxLength,
            'data-options-type': basic.optionsType === 'custom' ? undefined : basic.optionsType,
            required,
            'data-auto-optin': optin,
          },
          name,
        );
        break;
    }
    const mark = required ? '<span class="fw-required" aria-hidden="true"> <!-- -->*</span>' : '';
    const label = `<label id="${id}-label" for="${id}" class="fw-label"${basic.showLabel ? '' : ' hidden=""'}>${texts(basic.label)}${mark}</label>`;
    return `<div${attributes({ class: 'fw-box fw-field', 'data-input-type': basic.inputType, 'data-max-length': maxLength })}>${label}${field}</div>`;
  },
  View: ({ block }) => {
    const basic = block.attributes.basic;
    const id = `fw-field-${block.id}`;
    const common = {
      name: basic.dataName,
      required: basic.required,
      'data-auto-optin': basic.autoOptin ? 'true' : undefined,
    };
    const maxLength = basic.maxLength ?? undefined;
    const textType = HTML_INPUT_TYPES.has(basic.dataType) ? basic.dataType : 'text';
    const options = optionsOf(basic);
    let field: ReactNode;
    switch (basic.inputType) {
      case 'textarea':
        field = (
          <textarea
            id={id}
            className="fw-input"
            placeholder={basic.placeholder}
            maxLength={maxLength}
            {...common}
          />
        );
        break;
      case 'number':
        field = (
          <input
            id={id}
            className="fw-input"
            type="number"
            min={NUMBER_INPUT_MIN}
            max={NUMBER_INPUT_MAX}
            placeholder={basic.placeholder}
            {...common}
          />
        );
        break;
      case 'checkbox':
      case 'radio':
        field = (
          <fieldset className="fw-choices" aria-labelledby={`${id}-label`}>
            {(options.length > 0 ? options : [{ label: basic.placeholder || basic.label, value: 'yes' }]).map(
              (option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options may repeat a value
                <label key={index} className="fw-choice">
                  <input
                    type={basic.inputType}
                    value={option.value}
                    {...common}
                    required={basic.required && basic.inputType === 'radio'}
                  />
                  {option.label}
                </label>
              ),
            )}
          </fieldset>
        );
        break;
      case 'select':
        field = (
          <select
            id={id}
            className="fw-input"
            data-options-type={basic.optionsType}
            defaultValue=""
            {...common}
          >
            <option value="" disabled>
              {basic.placeholder || basic.label}
            </option>
            {options.map((option, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: options may repeat a value
              <option key={index} value={option.value} data-country={option.country}>
                {option.label}
              </option>
            ))}
          </select>
        );
        break;
      case 'double': {
        const [first = '', second = ''] = basic.placeholder.split('|');
        field = (
          <span className="fw-double">
            <input
              id={id}
              className="fw-input"
              type={textType}
              placeholder={first}
              maxLength={maxLength}
              {...common}
              name={`${basic.dataName}_1`}
            />
            <input
              className="fw-input"
              type={textType}
              placeholder={second}
              maxLength={maxLength}
              {...common}
              name={`${basic.dataName}_2`}
              aria-labelledby={`${id}-label`}
            />
          </span>
        );
        break;
      }
      case 'input':
        field = (
          <input
            id={id}
            className="fw-input"
            type={textType}
            placeholder={basic.placeholder}
            maxLength={maxLength}
            data-options-type={basic.optionsType === 'custom' ? undefined : basic.optionsType}
            {...common}
          />
        );
        break;
    }
    return (
      <div className="fw-box fw-field" data-input-type={basic.inputType} data-max-length={maxLength}>
        <label id={`${id}-label`} htmlFor={id} className="fw-label" hidden={!basic.showLabel}>
          {basic.label}
          {basic.required && (
            <span className="fw-required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        {field}
      </div>
    );
  },
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

const formElementEmail: EmailMarkup<'formElement'> = {
  mjml: (block, context) => {
    const basic = block.attributes.basic;
    const label = basic.showLabel ? fieldLabel(basic.label, basic.labelFont, basic.required) : '';
    let field: string;
    switch (basic.inputType) {
      case 'checkbox':
        field = `<div style="${escapeHtml(fontStyle(basic.inputFont))}">☐ ${escapeHtml(basic.placeholder || basic.label)}</div>`;
        break;
      case 'radio':
        field = basic.options
          .map(
            (option) =>
              `<div style="${escapeHtml(fontStyle(basic.inputFont))}">◯ ${escapeHtml(option.label)}</div>`,
          )
          .join('');
        break;
      case 'select':
        field = fieldBox(basic, basic.inputFont, `${basic.placeholder || basic.options[0]?.label || ''} ▾`);
        break;
      case 'double':
        field =
          fieldBox(basic, basic.inputFont, basic.placeholder) +
          fieldBox(basic, basic.inputFont, basic.placeholder);
        break;
      default:
        field = fieldBox(basic, basic.inputFont, basic.placeholder);
    }
    return textBlock(block, context, basic.inputFont, label + field);
  },
  text: (block) => {
    const { label, showLabel } = block.attributes.basic;
    return showLabel ? [label] : [];
  },
};

export const formElement = defineBlock({
  type: 'formElement',
  tag: 'form-element',
  title: 'Form element',
  palette: { page: { group: 'Checkout', at: 0 }, email: { group: 'Commerce', at: 1 } },
  icon: 'forms',
  page: formElementRenderer,
  email: formElementEmail,
  attributes: formElementAttributesSchema,
  defaults: (): FormElementAttributes => formElementAttributes(),
});
