import { formatTimer } from '@funnelwork/domain/shared/timer';
import type { BlockRenderer } from '../context.ts';
import { alignValues, fontCss, JUSTIFY } from '../css.ts';
import { type EmailMarkup, textBlock } from '../email/block-markup.ts';
import { fontStyle } from '../email/mjml-markup.ts';
import { linkAttributes, linkBehaviour } from '../links.ts';
import { escapeHtml, texts } from '../string/html.ts';

const PARTS = ['hours', 'minutes', 'seconds'] as const;

/** The countdown as it starts; the hydration script counts down and runs the expire action at zero. */
export const timerRenderer: BlockRenderer<'timer'> = {
  html: (block, context) => {
    const basic = block.attributes.basic;
    const display = formatTimer(basic);
    const expire = linkAttributes(linkBehaviour(basic.expireAction, context.anchorOf));
    let out = `<div class="fw-box fw-timer" data-timer="" data-hours="${basic.hours}" data-minutes="${basic.minutes}" data-seconds="${basic.seconds}"`;
    for (const key in expire)
      out += ` ${key === 'href' ? 'data-expire-href' : key.replace(/^data-|^/, 'data-expire-')}="${escapeHtml(expire[key] as string)}"`;
    out += '>';
    for (const part of PARTS)
      out += `<div class="fw-timer-part"><span class="fw-timer-value" data-part="${part}">${texts(display[part])}</span><span class="fw-timer-label">${escapeHtml(basic.labels[part])}</span></div>`;
    return `${out}</div>`;
  },
  View: ({ block, context }) => {
    const basic = block.attributes.basic;
    const display = formatTimer(basic);
    const expire = linkAttributes(linkBehaviour(basic.expireAction, context.anchorOf));
    const expireData = Object.fromEntries(
      Object.entries(expire).map(([key, value]) => [
        key === 'href' ? 'data-expire-href' : key.replace(/^data-|^/, 'data-expire-'),
        value,
      ]),
    );
    return (
      <div
        className="fw-box fw-timer"
        data-timer=""
        data-hours={basic.hours}
        data-minutes={basic.minutes}
        data-seconds={basic.seconds}
        {...expireData}
      >
        {PARTS.map((part) => (
          <div key={part} className="fw-timer-part">
            <span className="fw-timer-value" data-part={part}>
              {display[part]}
            </span>
            <span className="fw-timer-label">{basic.labels[part]}</span>
          </div>
        ))}
      </div>
    );
  },
  css: (block, scope, sheet) => {
    const { valueFont, labelFont, align } = block.attributes.basic;
    sheet.addPerDevice(`${scope} .fw-timer`, alignValues(align), (value) => ({
      'justify-content': JUSTIFY[value],
    }));
    sheet.add(`${scope} .fw-timer-value`, fontCss(valueFont));
    sheet.add(`${scope} .fw-timer-label`, fontCss(labelFont));
  },
};

const TIMER_PARTS = ['hours', 'minutes', 'seconds'] as const;

/**
 * Mail clients run no script, so the countdown is drawn once, as static text of the designed duration,
 * under "values under 10 are zero-padded; hours above 23 show 00; minutes or seconds above 60 show 60".
 */
export const timerEmail: EmailMarkup<'timer'> = {
  mjml: (block, context) => {
    const { labels, valueFont, labelFont, align } = block.attributes.basic;
    const display = formatTimer(block.attributes.basic);
    const cells = TIMER_PARTS.map(
      (part) =>
        `<td style="padding:0 8px;text-align:center"><div style="${escapeHtml(fontStyle(valueFont))}">${display[part]}</div><div style="${escapeHtml(fontStyle(labelFont))}">${escapeHtml(labels[part])}</div></td>`,
    ).join('');
    return textBlock(
      block,
      context,
      valueFont,
      `<table role="presentation" align="${align.desktop}" style="margin:${align.desktop === 'center' ? '0 auto' : '0'}"><tr>${cells}</tr></table>`,
      { align: align.desktop },
    );
  },
  text: (block) => {
    const { labels } = block.attributes.basic;
    const display = formatTimer(block.attributes.basic);
    return [
      `${display.hours} ${labels.hours} : ${display.minutes} ${labels.minutes} : ${display.seconds} ${labels.seconds}`,
    ];
  },
};
