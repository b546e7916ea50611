import type { BlockRenderer } from '../context.ts';
import { px } from '../css.ts';
import { safeHref } from '../links.ts';

/** Slides scroll with CSS scroll snapping; thumbnails link to their slide, so it works without a script. */
export const imageSliderRenderer: BlockRenderer<'imageSlider'> = {
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
