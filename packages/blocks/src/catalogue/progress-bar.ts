import { z } from 'zod';
import { progressBarEmail, progressBarRenderer } from '../render/blocks/progress-bar.tsx';
import { advanced, advancedSchema, font, fontSchema, WHITE } from './common.ts';
import { defineBlock } from './define-block.ts';

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
