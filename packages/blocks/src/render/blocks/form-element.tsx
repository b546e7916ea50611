import { COUNTRIES } from '@funnelwork/domain/customers/countries';
import type { ReactNode } from 'react';
import type { BlockRenderer } from '../context.ts';
import { borderCss, cssColor, fontCss } from '../css.ts';

const INPUT_TYPES = new Set(['text', 'email', 'tel', 'number', 'url', 'date', 'password']);

/** One field of a form; its value is posted under its dataName. */
export const formElementRenderer: BlockRenderer<'formElement'> = {
  View: ({ block }) => {
    const basic = block.attributes.basic;
    const id = `fw-field-${block.id}`;
    const common = {
      name: basic.dataName,
      required: basic.required,
      'data-auto-optin': basic.autoOptin ? 'true' : undefined,
    };
    const maxLength = basic.maxLength ?? undefined;
    const textType = INPUT_TYPES.has(basic.dataType) ? basic.dataType : 'text';
    const options =
      basic.optionsType === 'countries'
        ? COUNTRIES.map((country) => ({ label: country.name, value: country.code }))
        : basic.options;
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
            min={0}
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
              <option key={index} value={option.value}>
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
