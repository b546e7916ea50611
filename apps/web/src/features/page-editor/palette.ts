import type { PaletteGroup } from '../editor/index.ts';

/** The page palette (spec §3.2), grouped the way a merchant looks for things. */
export const PALETTE_GROUPS: readonly PaletteGroup[] = [
  { title: 'Layout', types: ['section', 'row', 'container', 'spacer'] },
  {
    title: 'Content',
    types: ['headline', 'paragraph', 'button', 'link', 'image', 'video', 'menu', 'social', 'customHtml'],
  },
  {
    title: 'Checkout',
    types: [
      'formElement',
      'formButton',
      'formSpacer',
      'twoStepForm',
      'paymentForm',
      'orderSummary',
      'orderBump',
      'productList',
    ],
  },
  { title: 'Engagement', types: ['timer', 'progressBar', 'faq', 'imageSlider', 'beforeAfterSlider'] },
];
