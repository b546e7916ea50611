import type { BlockType } from '../catalogue/registry.ts';
import { beforeAfterSliderRenderer } from './blocks/before-after-slider.tsx';
import { buttonRenderer } from './blocks/button.tsx';
import { containerRenderer } from './blocks/container.tsx';
import { customHtmlRenderer } from './blocks/custom-html.tsx';
import { faqRenderer } from './blocks/faq.tsx';
import { formButtonRenderer } from './blocks/form-button.tsx';
import { formElementRenderer } from './blocks/form-element.tsx';
import { imageRenderer } from './blocks/image.tsx';
import { imageSliderRenderer } from './blocks/image-slider.tsx';
import { linkRenderer } from './blocks/link.tsx';
import { menuRenderer } from './blocks/menu.tsx';
import { orderBumpRenderer } from './blocks/order-bump.tsx';
import { orderSummaryRenderer } from './blocks/order-summary.tsx';
import { paymentFormRenderer } from './blocks/payment-form.tsx';
import { productListRenderer } from './blocks/product-list.tsx';
import { progressBarRenderer } from './blocks/progress-bar.tsx';
import { headlineRenderer, paragraphRenderer } from './blocks/rich-text.tsx';
import { socialRenderer } from './blocks/social.tsx';
import { formSpacerRenderer, spacerRenderer } from './blocks/spacer.tsx';
import { timerRenderer } from './blocks/timer.tsx';
import { twoStepFormRenderer } from './blocks/two-step-form.tsx';
import { videoRenderer } from './blocks/video.tsx';
import type { BlockRenderer } from './context.ts';

/**
 * The renderer of every block type of the catalogue. The mapped type makes a block added to the
 * catalogue without a renderer a compile error.
 */
export const BLOCK_RENDERERS: { [K in BlockType]: BlockRenderer<K> } = {
  button: buttonRenderer,
  customHtml: customHtmlRenderer,
  formElement: formElementRenderer,
  headline: headlineRenderer,
  image: imageRenderer,
  link: linkRenderer,
  menu: menuRenderer,
  orderBump: orderBumpRenderer,
  orderSummary: orderSummaryRenderer,
  paragraph: paragraphRenderer,
  paymentForm: paymentFormRenderer,
  productList: productListRenderer,
  progressBar: progressBarRenderer,
  social: socialRenderer,
  spacer: spacerRenderer,
  timer: timerRenderer,
  video: videoRenderer,
  formButton: formButtonRenderer,
  imageSlider: imageSliderRenderer,
  container: containerRenderer,
  faq: faqRenderer,
  beforeAfterSlider: beforeAfterSliderRenderer,
  twoStepForm: twoStepFormRenderer,
  formSpacer: formSpacerRenderer,
};
