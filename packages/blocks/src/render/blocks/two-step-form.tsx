import type { BlockRenderer } from '../context.ts';
import { borderCss, cssColor, fontCss, px } from '../css.ts';
import { type EmailMarkup, type EmailRenderContext, textBlock } from '../email/block-markup.ts';
import { fontStyle, mjml } from '../email/mjml-markup.ts';
import { escapeHtml } from '../string/html.ts';

/**
 * Both steps are in the HTML; step 2 starts hidden on the published page and the hydration script
 * switches steps (next-step, the back button). The editor shows both.
 */
export const twoStepFormRenderer: BlockRenderer<'twoStepForm'> = {
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
export const twoStepFormEmail: EmailMarkup<'twoStepForm'> = {
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
