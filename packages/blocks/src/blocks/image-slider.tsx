import { z } from 'zod';
import { advanced, advancedSchema, imageFitSchema, sizeSchema } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { px } from '../render/css.ts';
import { safeHref } from '../render/links.ts';
import { escapeHtml, imgHtml } from '../render/string/html.ts';

export const imageSliderAttributesSchema = z.object({
  basic: z.object({
    images: z.array(z.object({ url: z.string(), alt: z.string() })),
    fit: imageFitSchema,
    size: sizeSchema,
    thumbnailSize: z.number().positive(),
    lazyload: z.boolean(),
  }),
  advanced: advancedSchema,
});
export type ImageSliderAttributes = z.infer<typeof imageSliderAttributesSchema>;

/** Slides scroll with CSS scroll snapping; thumbnails link to their slide, so it works without a script. */
const imageSliderRenderer: BlockRenderer<'imageSlider'> = {
  html: (block, context) => {
    const { images, lazyload } = block.attributes.basic;
    let slides = '';
    let thumbs = '';
    let count = 0;
    for (const image of images) {
      const src = safeHref(image.url);
      if (!src) continue;
      count += 1;
      const slideId = `fw-slide-${block.id}-${count}`;
      const loading = lazyload ? 'lazy' : 'eager';
      slides += `<li id="${slideId}" class="fw-slide">${imgHtml(context.collector, { src, alt: image.alt, loading })}</li>`;
      thumbs += `<li><a href="#${slideId}" aria-label="${escapeHtml(image.alt || `Image ${count}`)}">${imgHtml(context.collector, { src, alt: '', loading: 'lazy' })}</a></li>`;
    }
    return `<div class="fw-box fw-image-slider" data-image-slider=""><ul class="fw-slides">${slides}</ul>${count > 1 ? `<ul class="fw-thumbs">${thumbs}</ul>` : ''}</div>`;
  },
  View: ({ block }) => {
    const { images, lazyload } = block.attributes.basic;
    const shown = images.flatMap((image) => {
      const src = safeHref(image.url);
      return src ? [{ src, alt: image.alt }] : [];
    });
    const slideId = (index: number) => `fw-slide-${block.id}-${index + 1}`;
    return (
      <div className="fw-box fw-image-slider" data-image-slider="">
        <ul className="fw-slides">
          {shown.map((image, index) => (
            <li key={slideId(index)} id={slideId(index)} className="fw-slide">
              <img src={image.src} alt={image.alt} loading={lazyload ? 'lazy' : 'eager'} />
            </li>
          ))}
        </ul>
        {shown.length > 1 && (
          <ul className="fw-thumbs">
            {shown.map((image, index) => (
              <li key={slideId(index)}>
                <a href={`#${slideId(index)}`} aria-label={image.alt || `Image ${index + 1}`}>
                  <img src={image.src} alt="" loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  },
  css: (block, scope, sheet) => {
    const { fit, size, thumbnailSize } = block.attributes.basic;
    sheet.add(`${scope} .fw-slides`, {
      width: size.width === null ? '100%' : px(size.width),
      height: size.height === null ? undefined : px(size.height),
    });
    sheet.add(`${scope} .fw-slide img`, { 'object-fit': fit === 'default' ? undefined : fit });
    sheet.add(`${scope} .fw-thumbs img`, { width: px(thumbnailSize), height: px(thumbnailSize) });
  },
};

export const imageSlider = defineBlock({
  type: 'imageSlider',
  tag: 'image-slider',
  title: 'Image slider',
  palette: { page: { group: 'Engagement', at: 3 } },
  icon: 'slideshow',
  page: imageSliderRenderer,
  email: false,
  attributes: imageSliderAttributesSchema,
  /** "Lazy load defaults to on." */
  defaults: (): ImageSliderAttributes => ({
    basic: {
      images: [],
      fit: 'cover',
      size: { width: null, height: 400 },
      thumbnailSize: 64,
      lazyload: true,
    },
    advanced: advanced(),
  }),
});
