import { z } from 'zod';
import { advanced, advancedSchema, font, fontSchema, WHITE } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { cssColor, fontCss } from '../render/css.ts';
import { safeHref } from '../render/links.ts';
import { escapeHtml, imgHtml } from '../render/string/html.ts';

export const beforeAfterSliderAttributesSchema = z.object({
  basic: z.object({
    beforeImage: z.string(),
    afterImage: z.string(),
    beforeLabel: z.string(),
    afterLabel: z.string(),
    labelFont: fontSchema,
    separatorColor: z.string(),
  }),
  advanced: advancedSchema,
});
export type BeforeAfterSliderAttributes = z.infer<typeof beforeAfterSliderAttributesSchema>;

/** Both images stacked, the after image cut at the middle; the hydration script moves the cut. */
const beforeAfterSliderRenderer: BlockRenderer<'beforeAfterSlider'> = {
  html: (block, context) => {
    const { beforeImage, afterImage, beforeLabel, afterLabel } = block.attributes.basic;
    const before = safeHref(beforeImage);
    const after = safeHref(afterImage);
    const image = (className: string, src: string | undefined, alt: string) =>
      src
        ? imgHtml(context.collector, { class: className, src, alt, loading: 'lazy' })
        : `<span class="${className}"></span>`;
    return `<div class="fw-box fw-before-after" data-before-after-slider="" data-position="50">${image('fw-before', before, beforeLabel)}<div class="fw-after-clip">${image('fw-after', after, afterLabel)}</div><span class="fw-separator"></span><span class="fw-ba-label fw-ba-label-before">${escapeHtml(beforeLabel)}</span><span class="fw-ba-label fw-ba-label-after">${escapeHtml(afterLabel)}</span></div>`;
  },
  View: ({ block }) => {
    const { beforeImage, afterImage, beforeLabel, afterLabel } = block.attributes.basic;
    const before = safeHref(beforeImage);
    const after = safeHref(afterImage);
    return (
      <div className="fw-box fw-before-after" data-before-after-slider="" data-position="50">
        {before ? (
          <img className="fw-before" src={before} alt={beforeLabel} loading="lazy" />
        ) : (
          <span className="fw-before" />
        )}
        <div className="fw-after-clip">
          {after ? (
            <img className="fw-after" src={after} alt={afterLabel} loading="lazy" />
          ) : (
            <span className="fw-after" />
          )}
        </div>
        <span className="fw-separator" />
        <span className="fw-ba-label fw-ba-label-before">{beforeLabel}</span>
        <span className="fw-ba-label fw-ba-label-after">{afterLabel}</span>
      </div>
    );
  },
  css: (block, scope, sheet) => {
    const { labelFont, separatorColor } = block.attributes.basic;
    sheet.add(`${scope} .fw-separator`, { 'background-color': cssColor(separatorColor) });
    sheet.add(`${scope} .fw-ba-label`, fontCss(labelFont));
  },
};

export const beforeAfterSlider = defineBlock({
  type: 'beforeAfterSlider',
  tag: 'before-after-slider',
  title: 'Before/after slider',
  palette: { page: { group: 'Engagement', at: 4 } },
  icon: 'transform',
  page: beforeAfterSliderRenderer,
  email: false,
  attributes: beforeAfterSliderAttributesSchema,
  defaults: (): BeforeAfterSliderAttributes => ({
    basic: {
      beforeImage: '',
      afterImage: '',
      beforeLabel: 'Before',
      afterLabel: 'After',
      labelFont: font({ color: WHITE, bold: true }),
      separatorColor: WHITE,
    },
    advanced: advanced(),
  }),
});
