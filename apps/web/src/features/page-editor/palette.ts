import { type PaletteType, paletteItem } from '@funnelwork/blocks';

/** The page palette (spec §3.2), grouped the way a merchant looks for things. */
export const PALETTE_GROUPS: readonly { title: string; types: readonly PaletteType[] }[] = [
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

export const paletteTitle = (type: PaletteType) => paletteItem(type).title;
