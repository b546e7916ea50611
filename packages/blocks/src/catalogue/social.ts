import { z } from 'zod';
import { socialEmail, socialRenderer } from '../render/blocks/social.tsx';
import {
  ACCENT_COLOR,
  advanced,
  advancedSchema,
  DEFAULT_TEXT_COLOR,
  deviceAlign,
  deviceAlignSchema,
} from './common.ts';
import { defineBlock } from './define-block.ts';

/** "items (title, status, url, icon) for five networks, all enabled by default". */
export const SOCIAL_NETWORKS = [
  { title: 'Facebook', icon: 'facebook' },
  { title: 'Instagram', icon: 'instagram' },
  { title: 'X', icon: 'x' },
  { title: 'LinkedIn', icon: 'linkedin' },
  { title: 'YouTube', icon: 'youtube' },
] as const;

export const socialAttributesSchema = z.object({
  basic: z.object({
    items: z.array(z.object({ title: z.string(), status: z.boolean(), url: z.string(), icon: z.string() })),
    color: z.string(),
    hoverColor: z.string(),
    iconSize: z.number().positive(),
    gap: z.number().min(0),
    align: deviceAlignSchema,
  }),
  advanced: advancedSchema,
});
export type SocialAttributes = z.infer<typeof socialAttributesSchema>;

export const social = defineBlock({
  type: 'social',
  tag: 'social',
  title: 'Social',
  palette: { page: { group: 'Content', at: 7 }, email: { group: 'Content', at: 7 } },
  icon: 'share',
  page: socialRenderer,
  email: socialEmail,
  attributes: socialAttributesSchema,
  defaults: (): SocialAttributes => ({
    basic: {
      items: SOCIAL_NETWORKS.map(({ title, icon }) => ({ title, status: true, url: '', icon })),
      color: DEFAULT_TEXT_COLOR,
      hoverColor: ACCENT_COLOR,
      iconSize: 24,
      gap: 12,
      align: deviceAlign('center'),
    },
    advanced: advanced(),
  }),
});
