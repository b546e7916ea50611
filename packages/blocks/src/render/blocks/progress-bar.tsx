import type { BlockRenderer } from '../context.ts';
import { cssColor, fontCss, px, round } from '../css.ts';
import { type EmailMarkup, textBlock } from '../email/block-markup.ts';
import { fontStyle, styleText } from '../email/mjml-markup.ts';
import { escapeHtml } from '../string/html.ts';

const JUSTIFY_LABEL = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

export const progressBarRenderer: BlockRenderer<'progressBar'> = {
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
export const progressBarEmail: EmailMarkup<'progressBar'> = {
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
