import type { BlockRenderer } from '../context.ts';
import { cssColor, fontCss, px, round } from '../css.ts';
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
