import { z } from 'zod';
import {
  advanced,
  advancedSchema,
  border,
  borderSchema,
  font,
  fontSchema,
  spacing,
  WHITE,
} from '../catalogue/common.ts';
import { defineBlock, formStepSchema } from '../catalogue/define-block.ts';
import { nodeIdSchema } from '../document/ids.ts';
import type { BlockRenderer } from '../render/context.ts';
import { borderCss, cssColor, fontCss, px } from '../render/css.ts';
import { type EmailMarkup, type EmailRenderContext, textBlock } from '../render/email/block-markup.ts';
import { fontStyle, mjml } from '../render/email/mjml-markup.ts';
import { escapeHtml } from '../render/string/html.ts';
import { formButtonAttributes } from './form-button.tsx';
import { DEFAULT_FORM_FIELDS, formElementAttributes } from './form-element.tsx';
import { paymentForm } from './payment-form.tsx';

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

/**
 * Both steps are in the HTML; step 2 starts hidden on the published page and the hydration script
 * switches steps (next-step, the back button). The editor shows both.
 */
const twoStepFormRenderer: BlockRenderer<'twoStepForm'> = {
  html: (block, context) => {
    const { header, backButtonText } = block.attributes.basic;
    let items = '';
    for (const item of header)
      items += `<li class="fw-step-header" data-step="${escapeHtml(item.step)}"${item.step === 1 ? ' aria-current="step"' : ''}><span class="fw-step-number">${escapeHtml(item.step)}</span><span class="fw-step-title fw-text">${escapeHtml(item.title)}</span><span class="fw-step-subtitle fw-text">${escapeHtml(item.subtitle)}</span></li>`;
    const back = `<button type="button" class="fw-back-button" data-action="previous-step">${escapeHtml(backButtonText)}</button>`;
    const step1 = `<div class="fw-form-step" data-step="1">${context.renderBlocks(block.step1Children)}</div>`;
    const step2 = `<div class="fw-form-step" data-step="2"${context.editor ? '' : ' hidden=""'}>${back}${context.renderBlocks(block.step2Children)}</div>`;
    return `<form class="fw-box fw-two-step-form" data-two-step-form="" data-current-step="1" noValidate="" method="post"><ol class="fw-steps-header">${items}</ol>${step1}${step2}</form>`;
  },
  View: ({ block, context }) => {
    const { header, backButtonText } = block.attributes.basic;
    const steps = [
      { step: 1 as const, children: block.step1Children },
      { step: 2 as const, children: block.step2Children },
    ];
    return (
      <form
        className="fw-box fw-two-step-form"
        data-two-step-form=""
        data-current-step="1"
        method="post"
        noValidate
      >
        <ol className="fw-steps-header">
          {header.map((item) => (
            <li
              key={item.step}
              className="fw-step-header"
              data-step={item.step}
              aria-current={item.step === 1 ? 'step' : undefined}
            >
              <span className="fw-step-number">{item.step}</span>
              <span className="fw-step-title fw-text">{item.title}</span>
              <span className="fw-step-subtitle fw-text">{item.subtitle}</span>
            </li>
          ))}
        </ol>
        {steps.map(({ step, children }) => (
          <div key={step} className="fw-form-step" data-step={step} hidden={step === 2 && !context.editor}>
            {step === 2 && (
              <button type="button" className="fw-back-button" data-action="previous-step">
                {backButtonText}
              </button>
            )}
            {context.renderBlocks(children)}
          </div>
        ))}
      </form>
    );
  },
  css: (block, scope, sheet) => {
    const { titleFont, subtitleFont, backgroundColor, border } = block.attributes.basic;
    sheet.add(`${scope}>.fw-box`, { 'background-color': cssColor(backgroundColor), ...borderCss(border) });
    sheet.add(`${scope} .fw-step-title`, fontCss(titleFont));
    sheet.add(`${scope} .fw-step-subtitle`, fontCss(subtitleFont));
  },
};

/** Both steps one after the other, each under its header, on the form's background. */
const twoStepFormEmail: EmailMarkup<'twoStepForm'> = {
  mjml: (block, context) => {
    const { header, titleFont, subtitleFont, backgroundColor } = block.attributes.basic;
    const padding = block.attributes.advanced.padding;
    const inner: EmailRenderContext = {
      ...context,
      background: cssColor(backgroundColor) ?? context.background,
      inset: { left: padding.left, right: padding.right },
    };
    const steps = header
      .map((step) => {
        const children = step.step === 1 ? block.step1Children : block.step2Children;
        const title = textBlock(
          block,
          context,
          titleFont,
          `${escapeHtml(step.title)}<div style="${escapeHtml(fontStyle(subtitleFont))}">${escapeHtml(step.subtitle)}</div>`,
          {
            padding: `${px(padding.top)} ${px(padding.right)} 8px ${px(padding.left)}`,
            'container-background-color': inner.background,
          },
        );
        return title + context.renderBlocks(children, inner);
      })
      .join('');
    const bottom =
      padding.bottom > 0
        ? mjml('mj-spacer', { height: px(padding.bottom), 'container-background-color': inner.background })
        : '';
    return steps + bottom;
  },
  text: (block, { blocksText }) =>
    block.attributes.basic.header.flatMap((step) => [
      step.title,
      step.subtitle,
      ...blocksText(step.step === 1 ? block.step1Children : block.step2Children),
    ]),
};

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
