import { z } from 'zod';
import { formElementEmail, formElementRenderer } from '../render/blocks/form-element.tsx';
import { advanced, advancedSchema, border, borderSchema, font, fontSchema } from './common.ts';
import { defineBlock } from './define-block.ts';

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
