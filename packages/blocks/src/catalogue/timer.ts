import { z } from 'zod';
import { timerEmail, timerRenderer } from '../render/blocks/timer.tsx';
import { advanced, advancedSchema, deviceAlign, deviceAlignSchema, font, fontSchema } from './common.ts';
import { defineBlock } from './define-block.ts';
import { linkActionSchema, NO_LINK } from './link-actions.ts';

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
