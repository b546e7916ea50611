import { z } from 'zod';
import { nodeIdSchema } from '../document/ids.ts';
import { twoStepFormEmail, twoStepFormRenderer } from '../render/blocks/two-step-form.tsx';
import {
  advanced,
  advancedSchema,
  border,
  borderSchema,
  font,
  fontSchema,
  spacing,
  WHITE,
} from './common.ts';
import { defineBlock, formStepSchema } from './define-block.ts';
import { formButtonAttributes } from './form-button.ts';
import { DEFAULT_FORM_FIELDS, formElementAttributes } from './form-element.ts';
import { paymentForm } from './payment-form.ts';

/** "step headers 'Shipping' / 'Your shipping details' and 'Your Info' / 'Your billing details'". */
export const TWO_STEP_FORM_HEADERS = [
  { step: 1, title: 'Shipping', subtitle: 'Your shipping details' },
  { step: 2, title: 'Your Info', subtitle: 'Your billing details' },
] as const;
/** "back button text defaulting to 'Edit shipping details'". */
export const BACK_BUTTON_TEXT = 'Edit shipping details';
/** "Two-step form: padding 30, radius 16." */
export const TWO_STEP_FORM_BOX = { padding: 30, radius: 16 } as const;

export const twoStepFormAttributesSchema = z.object({
  basic: z.object({
    header: z.array(z.object({ step: formStepSchema, title: z.string(), subtitle: z.string() })).length(2),
    backButtonText: z.string(),
    titleFont: fontSchema,
    subtitleFont: fontSchema,
    backgroundColor: z.string(),
    border: borderSchema,
  }),
  advanced: advancedSchema,
});
export type TwoStepFormAttributes = z.infer<typeof twoStepFormAttributesSchema>;

export const twoStepForm = defineBlock({
  type: 'twoStepForm',
  tag: 'two-step-form',
  title: 'Two-step form',
  palette: { page: { group: 'Checkout', at: 3 }, email: { group: 'Commerce', at: 3 } },
  icon: 'checklist',
  page: twoStepFormRenderer,
  email: twoStepFormEmail,
  attributes: twoStepFormAttributesSchema,
  defaults: (): TwoStepFormAttributes => ({
    basic: {
      header: TWO_STEP_FORM_HEADERS.map((header) => ({ ...header })),
      backButtonText: BACK_BUTTON_TEXT,
      titleFont: font({ size: 18, bold: true }),
      subtitleFont: font({ size: 14 }),
      backgroundColor: WHITE,
      border: border({ width: 1, color: '#D5DAE3', style: 'solid', radius: TWO_STEP_FORM_BOX.radius }),
    },
    advanced: advanced({ padding: spacing(TWO_STEP_FORM_BOX.padding) }),
  }),
  structure: { step1Children: z.array(nodeIdSchema), step2Children: z.array(nodeIdSchema) },
});

/**
 * The blocks a new two-step form starts with: step 1 the default shipping fields and 'Go to step #2',
 * step 2 the payment form and 'Complete order'.
 */
export function twoStepFormSeed() {
  return {
    step1: [
      ...DEFAULT_FORM_FIELDS.map((field) => ({
        type: 'formElement' as const,
        attributes: formElementAttributes(field),
      })),
      { type: 'formButton' as const, attributes: formButtonAttributes('next') },
    ],
    step2: [
      { type: 'paymentForm' as const, attributes: paymentForm.defaults() },
      { type: 'formButton' as const, attributes: formButtonAttributes('complete') },
    ],
  };
}
