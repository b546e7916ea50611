import type { PaletteGroup } from '../editor/index.ts';

/**
 * The e-mail palette (spec §3.2 "Email blocks: spacer, button, headline, paragraph, image, video, link,
 * social, menu, timer, custom html, progress bar, product list, form element, payment form, two-step
 * form"), with the section and row that hold them.
 */
export const EMAIL_PALETTE_GROUPS: readonly PaletteGroup[] = [
  { title: 'Layout', types: ['section', 'row', 'spacer'] },
  {
    title: 'Content',
    types: ['headline', 'paragraph', 'button', 'link', 'image', 'video', 'menu', 'social', 'customHtml'],
  },
  { title: 'Commerce', types: ['productList', 'formElement', 'paymentForm', 'twoStepForm'] },
  { title: 'Engagement', types: ['timer', 'progressBar'] },
];
