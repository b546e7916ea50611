import { z } from 'zod';
import {
  advanced,
  advancedSchema,
  border,
  borderSchema,
  deviceAlign,
  deviceAlignSchema,
  imageFitSchema,
  shadowSchema,
  sizeSchema,
} from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import { linkActionSchema, NO_LINK } from '../catalogue/link-actions.ts';
import { Clickable, clickableHtml } from '../render/clickable.tsx';
import type { BlockRenderer } from '../render/context.ts';
import { borderCss, boxShadowCss, px } from '../render/css.ts';
import { actionHref, common, type EmailMarkup, urlOf, withUrl } from '../render/email/block-markup.ts';
import { borderRadius, borderShorthand, mjml } from '../render/email/mjml-markup.ts';
import { linkBehaviour, safeHref } from '../render/links.ts';
import { attributes, imgHtml } from '../render/string/html.ts';

export const imageAttributesSchema = z.object({
  basic: z.object({
    url: z.string(),
    alt: z.string(),
    size: sizeSchema,
    action: linkActionSchema,
    fit: imageFitSchema,
    lazyload: z.boolean(),
    previewProductImage: z.boolean(),
    align: deviceAlignSchema,
    border: borderSchema,
    shadows: z.array(shadowSchema),
  }),
  advanced: advancedSchema,
});
export type ImageAttributes = z.infer<typeof imageAttributesSchema>;

const imageRenderer: BlockRenderer<'image'> = {
  html: (block, context) => {
    const { url, alt, size, action, lazyload, previewProductImage } = block.attributes.basic;
    const src = safeHref(url);
    const picture = src
      ? imgHtml(context.collector, {
          class: 'fw-image-img',
          src,
          alt,
          width: size.width,
          height: size.height,
          loading: lazyload ? 'lazy' : 'eager',
        })
      : `<span${attributes({ class: 'fw-image-empty', role: 'img', 'aria-label': alt || undefined })}></span>`;
    const link = clickableHtml(linkBehaviour(action, context.anchorOf), 'fw-image-link', picture);
    return `<div class="fw-box fw-image"${previewProductImage ? ' data-preview-product-image="true"' : ''}>${link}</div>`;
  },
  View: ({ block, context }) => {
    const { url, alt, size, action, lazyload, previewProductImage } = block.attributes.basic;
    const src = safeHref(url);
    const picture = src ? (
      <img
        className="fw-image-img"
        src={src}
        alt={alt}
        width={size.width ?? undefined}
        height={size.height ?? undefined}
        loading={lazyload ? 'lazy' : 'eager'}
      />
    ) : (
      <span className="fw-image-empty" role="img" aria-label={alt || undefined} />
    );
    return (
      <div className="fw-box fw-image" data-preview-product-image={previewProductImage ? 'true' : undefined}>
        <Clickable behaviour={linkBehaviour(action, context.anchorOf)} className="fw-image-link">
          {picture}
        </Clickable>
      </div>
    );
  },
  css: (block, scope, sheet) => {
    const { size, fit, border, shadows } = block.attributes.basic;
    sheet.add(`${scope} .fw-image-img, ${scope} .fw-image-empty`, {
      width: size.width === null ? undefined : px(size.width),
      height: size.height === null ? undefined : px(size.height),
      'object-fit': fit === 'default' ? undefined : fit,
      'box-shadow': boxShadowCss(shadows),
      ...borderCss(border),
    });
  },
};

const imageEmail: EmailMarkup<'image'> = {
  mjml: (block, context) => {
    const { url, alt, size, action, align, border } = block.attributes.basic;
    const src = safeHref(url);
    if (src === undefined) return '';
    return mjml('mj-image', {
      src,
      alt,
      ...actionHref(action),
      width: size.width === null ? undefined : px(size.width),
      height: size.height === null ? undefined : px(size.height),
      align: align.desktop,
      border: borderShorthand(border),
      'border-radius': borderRadius(border),
      ...common(block, context),
    });
  },
  text: (block) => {
    const { alt, action } = block.attributes.basic;
    const url = urlOf(action);
    return alt === '' && url === undefined ? [] : [withUrl(alt, url)];
  },
};

export const image = defineBlock({
  type: 'image',
  tag: 'image',
  title: 'Image',
  palette: { page: { group: 'Content', at: 4 }, email: { group: 'Content', at: 4 } },
  icon: 'photo',
  page: imageRenderer,
  email: imageEmail,
  attributes: imageAttributesSchema,
  /** "Lazy load defaults to on." */
  defaults: (): ImageAttributes => ({
    basic: {
      url: '',
      alt: '',
      size: { width: null, height: null },
      action: NO_LINK,
      fit: 'default',
      lazyload: true,
      previewProductImage: false,
      align: deviceAlign('center'),
      border: border(),
      shadows: [],
    },
    advanced: advanced(),
  }),
});
