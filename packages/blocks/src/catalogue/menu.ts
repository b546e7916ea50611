import { z } from 'zod';
import { menuEmail, menuRenderer } from '../render/blocks/menu.tsx';
import { advanced, advancedSchema, deviceAlign, deviceAlignSchema, font, fontSchema } from './common.ts';
import { defineBlock } from './define-block.ts';

export const MENU_COLOR = '#636A7B';
export const MENU_HOVER_COLOR = '#4368E0';

export const menuAttributesSchema = z.object({
  basic: z.object({
    items: z.array(z.object({ title: z.string(), url: z.string() })),
    font: fontSchema,
    hoverColor: z.string(),
    orientation: z.enum(['horizontal', 'vertical']),
    gap: z.number().min(0),
    align: deviceAlignSchema,
  }),
  advanced: advancedSchema,
});
export type MenuAttributes = z.infer<typeof menuAttributesSchema>;

export const menu = defineBlock({
  type: 'menu',
  tag: 'menu',
  title: 'Menu',
  palette: { page: { group: 'Content', at: 6 }, email: { group: 'Content', at: 6 } },
  icon: 'menu-2',
  page: menuRenderer,
  email: menuEmail,
  attributes: menuAttributesSchema,
  /** "Menu font Roboto 14 colour #636A7B, hover #4368E0"; "items (title, url; three defaults)". */
  defaults: (): MenuAttributes => ({
    basic: {
      items: [
        { title: 'Home', url: '#' },
        { title: 'About', url: '#' },
        { title: 'Contact', url: '#' },
      ],
      font: font({ family: 'Roboto', size: 14, color: MENU_COLOR }),
      hoverColor: MENU_HOVER_COLOR,
      orientation: 'horizontal',
      gap: 24,
      align: deviceAlign('center'),
    },
    advanced: advanced(),
  }),
});
