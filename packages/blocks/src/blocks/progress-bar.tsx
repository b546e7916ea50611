import { z } from 'zod';
import { advanced, advancedSchema, font, fontSchema, WHITE } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { cssColor, fontCss, px, round } from '../render/css.ts';
import { type EmailMarkup, textBlock } from '../render/email/block-markup.ts';
import { fontStyle, styleText } from '../render/email/mjml-markup.ts';
import { escapeHtml } from '../render/string/html.ts';

/** "Progress bar default 60%, height 17 px, default gradient colours." */
export const PROGRESS_DEFAULTS = { percent: 60, height: 17, color1: '#4368E0', color2: '#7B9BFF' } as const;

export const progressBarAttributesSchema = z.object({
  basic: z.object({
    /** An empty labelText shows the percent itself. */
    value: z.object({
      labelText: z.string(),
      valueNumber: z.object({ number: z.number().min(0).max(100) }),
    }),
    progressColor1: z.string(),
    progressColor2: z.string(),
    backgroundColor: z.string(),
    height: z.number().positive(),
    labelPosition: z.enum(['center', 'left', 'right']),
    style: z.enum(['stripes', 'simple']),
    animated: z.boolean(),
    /** "value font 14". */
    valueFont: fontSchema,
  }),
  advanced: advancedSchema,
});
export type ProgressBarAttributes = z.infer<typeof progressBarAttributesSchema>;

const JUSTIFY_LABEL = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

const progressBarRenderer: BlockRenderer<'progressBar'> = {
  html: (block) => {
    const { value, style, animated } = block.attributes.basic;
    const percent = value.valueNumber.number;
    const classes = ['fw-progress-bar', style === 'stripes' && 'fw-stripes', animated && 'fw-animated'];
    const label = value.labelText === '' ? `${percent}%` : value.labelText;
    return `<div class="fw-box fw-progress" role="progressbar" aria-label="${escapeHtml(label)}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${escapeHtml(percent)}"><div class="${classes.filter(Boolean).join(' ')}"><span class="fw-progress-label">${escapeHtml(label)}</span></div></div>`;
  },
  View: ({ block }) => {
    const { value, style, animated } = block.attributes.basic;
    const percent = value.valueNumber.number;
    const classes = ['fw-progress-bar', style === 'stripes' && 'fw-stripes', animated && 'fw-animated'];
    const label = value.labelText === '' ? `${percent}%` : value.labelText;
    return (
      <div
        className="fw-box fw-progress"
        role="progressbar"
        // Named by its own label (axe aria-progressbar-name, issue 39).
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={classes.filter(Boolean).join(' ')}>
          <span className="fw-progress-label">{label}</span>
        </div>
      </div>
    );
  },
  css: (block, scope, sheet) => {
    const { value, progressColor1, progressColor2, backgroundColor, height, labelPosition, valueFont } =
      block.attributes.basic;
    const from = cssColor(progressColor1);
    const to = cssColor(progressColor2) ?? from;
    sheet.add(`${scope}>.fw-box`, {
      'background-color': cssColor(backgroundColor),
      height: px(height),
      'border-radius': px(height / 2),
      overflow: 'hidden',
    });
    sheet.add(`${scope} .fw-progress-bar`, {
      width: `${round(value.valueNumber.number)}%`,
      height: '100%',
      display: 'flex',
      'align-items': 'center',
      'justify-content': JUSTIFY_LABEL[labelPosition],
      'background-color': from,
      'background-image': from && to ? `linear-gradient(90deg, ${from}, ${to})` : undefined,
      padding: '0 8px',
    });
    sheet.add(`${scope} .fw-progress-label`, { ...fontCss(valueFont), 'line-height': 1 });
  },
};

/** The bar as nested tables (no CSS animation or stripes: mail clients show neither). */
const progressBarEmail: EmailMarkup<'progressBar'> = {
  mjml: (block, context) => {
    const { value, progressColor1, progressColor2, backgroundColor, height, labelPosition, valueFont } =
      block.attributes.basic;
    const number = Math.min(100, Math.max(0, value.valueNumber.number));
    const label = value.labelText === '' ? `${number}%` : value.labelText;
    const first = cssColor(progressColor1);
    const second = cssColor(progressColor2) ?? first;
    const fill = styleText({
      'background-color': first,
      'background-image': first && second ? `linear-gradient(90deg, ${first}, ${second})` : undefined,
      height: px(height),
      'line-height': px(height),
      ...{ 'text-align': labelPosition },
    });
    const track = styleText({ 'background-color': cssColor(backgroundColor), height: px(height) });
    const bar =
      number === 0
        ? ''
        : `<table role="presentation" width="${number}%" cellpadding="0" cellspacing="0"><tr><td style="${escapeHtml(fill)}"><span style="${escapeHtml(fontStyle({ ...valueFont, align: undefined }))}">${escapeHtml(label)}</span></td></tr></table>`;
    return textBlock(
      block,
      context,
      valueFont,
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td style="${escapeHtml(track)}">${bar}</td></tr></table>`,
    );
  },
  text: (block) => {
    const { value } = block.attributes.basic;
    return [value.labelText === '' ? `${value.valueNumber.number}%` : value.labelText];
  },
};

export const progressBar = defineBlock({
  type: 'progressBar',
  tag: 'progress-bar',
  title: 'Progress bar',
  palette: { page: { group: 'Engagement', at: 1 }, email: { group: 'Engagement', at: 1 } },
  icon: 'progress',
  page: progressBarRenderer,
  email: progressBarEmail,
  attributes: progressBarAttributesSchema,
  defaults: (): ProgressBarAttributes => ({
    basic: {
      value: { labelText: '', valueNumber: { number: PROGRESS_DEFAULTS.percent } },
      progressColor1: PROGRESS_DEFAULTS.color1,
      progressColor2: PROGRESS_DEFAULTS.color2,
      backgroundColor: '#EEF2FA',
      height: PROGRESS_DEFAULTS.height,
      labelPosition: 'center',
      style: 'stripes',
      animated: true,
      valueFont: font({ size: 14, color: WHITE, align: 'center' }),
    },
    advanced: advanced(),
  }),
});
