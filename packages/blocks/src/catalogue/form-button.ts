import { z } from 'zod';
import { formButtonEmail, formButtonRenderer } from '../render/blocks/form-button.tsx';
import {
  ACCENT_COLOR,
  advanced,
  advancedSchema,
  border,
  borderSchema,
  DEFAULT_TEXT_COLOR,
  font,
  fontSchema,
  spacing,
  WHITE,
} from './common.ts';
import { defineBlock } from './define-block.ts';
import { type LinkAction, linkActionSchema } from './link-actions.ts';

/** "form button labels 'Go to step #2' and 'Complete order'". */
export const FORM_BUTTON_LABELS = { nextStep: 'Go to step #2', complete: 'Complete order' } as const;
/** "privacy texts 'We respect your privacy & information' and '100% secure and safe payment'". */
export const PRIVACY_TEXTS = {
  nextStep: 'We respect your privacy & information',
  complete: '100% secure and safe payment',
} as const;

export const formButtonAttributesSchema = z.object({
  basic: z.object({
    label: z.string(),
    action: linkActionSchema,
    font: fontSchema,
    backgroundColor: z.string(),
    border: borderSchema,
    displayType: z.enum(['inline-block', 'block']),
    showPrivacyText: z.boolean(),
    privacyText: z.string(),
    privacyFont: fontSchema,
  }),
  advanced: advancedSchema,
  hover: z.object({ backgroundColor: z.string(), color: z.string() }),
});
export type FormButtonAttributes = z.infer<typeof formButtonAttributesSchema>;

/** The button that ends a form step: 'next' goes to step 2, 'complete' submits the order. */
export function formButtonAttributes(kind: 'next' | 'complete'): FormButtonAttributes {
  const next = kind === 'next';
  const action: LinkAction = next ? { type: 'next-step' } : { type: 'submit-step' };
  return {
    basic: {
      label: next ? FORM_BUTTON_LABELS.nextStep : FORM_BUTTON_LABELS.complete,
      action,
      font: font({ size: 18, color: WHITE, bold: true, align: 'center' }),
      backgroundColor: ACCENT_COLOR,
      border: border({ radius: 6 }),
      displayType: 'block',
      showPrivacyText: true,
      privacyText: next ? PRIVACY_TEXTS.nextStep : PRIVACY_TEXTS.complete,
      privacyFont: font({ size: 12, color: DEFAULT_TEXT_COLOR, align: 'center' }),
    },
    advanced: advanced({ padding: spacing(14, 24) }),
    hover: { backgroundColor: '#2F52C4', color: WHITE },
  };
}

export const formButton = defineBlock({
  type: 'formButton',
  tag: 'form-button',
  title: 'Form button',
  palette: { page: { group: 'Checkout', at: 1 } },
  icon: 'square-rounded-check',
  page: formButtonRenderer,
  email: formButtonEmail,
  attributes: formButtonAttributesSchema,
  defaults: (): FormButtonAttributes => formButtonAttributes('complete'),
});
