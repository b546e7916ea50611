import { formatTimer } from '@funnelwork/domain/shared/timer';
import { z } from 'zod';
import {
  advanced,
  advancedSchema,
  deviceAlign,
  deviceAlignSchema,
  font,
  fontSchema,
} from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import { linkActionSchema, NO_LINK } from '../catalogue/link-actions.ts';
import type { BlockRenderer } from '../render/context.ts';
import { alignValues, fontCss, JUSTIFY } from '../render/css.ts';
import { type EmailMarkup, textBlock } from '../render/email/block-markup.ts';
import { fontStyle } from '../render/email/mjml-markup.ts';
import { linkAttributes, linkBehaviour } from '../render/links.ts';
import { escapeHtml, texts } from '../render/string/html.ts';

/** "Timer default 1 h 45 m 15 s." */
export const TIMER_DEFAULTS = { hours: 1, minutes: 45, seconds: 15 } as const;

const part = z.number().int().min(0);

export const timerAttributesSchema = z.object({
  basic: z.object({
    hours: part,
    minutes: part,
    seconds: part,
    labels: z.object({ hours: z.string(), minutes: z.string(), seconds: z.string() }),
    /** What happens when the countdown reaches zero; no-link means nothing. */
    expireAction: linkActionSchema,
    valueFont: fontSchema,
    labelFont: fontSchema,
    align: deviceAlignSchema,
  }),
  advanced: advancedSchema,
});
export type TimerAttributes = z.infer<typeof timerAttributesSchema>;

const PARTS = ['hours', 'minutes', 'seconds'] as const;

/** The countdown as it starts; the hydration script counts down and runs the expire action at zero. */
const timerRenderer: BlockRenderer<'timer'> = {
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
const timerEmail: EmailMarkup<'timer'> = {
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

export const timer = defineBlock({
  type: 'timer',
  tag: 'timer',
  title: 'Timer',
  palette: { page: { group: 'Engagement', at: 0 }, email: { group: 'Engagement', at: 0 } },
  icon: 'clock',
  page: timerRenderer,
  email: timerEmail,
  attributes: timerAttributesSchema,
  defaults: (): TimerAttributes => ({
    basic: {
      ...TIMER_DEFAULTS,
      labels: { hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' },
      expireAction: NO_LINK,
      /** "value font 14". */
      valueFont: font({ size: 14, bold: true, align: 'center' }),
      labelFont: font({ size: 12, align: 'center' }),
      align: deviceAlign('center'),
    },
    advanced: advanced(),
  }),
});
