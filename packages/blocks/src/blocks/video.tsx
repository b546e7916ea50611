import { z } from 'zod';
import { advanced, advancedSchema, deviceAlign, deviceAlignSchema, sizeSchema } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { alignValues, JUSTIFY, px } from '../render/css.ts';
import { common, type EmailMarkup, fontOf, textBlock } from '../render/email/block-markup.ts';
import { mjml } from '../render/email/mjml-markup.ts';
import { safeHref } from '../render/links.ts';
import { attributes, escapeHtml } from '../render/string/html.ts';

export const videoAttributesSchema = z.object({
  basic: z.object({
    url: z.string(),
    thumbnail: z.string(),
    /** The video service's id of the video, derived from the URL by the editor. */
    videoId: z.string(),
    autoplay: z.boolean(),
    muted: z.boolean(),
    loop: z.boolean(),
    controls: z.boolean(),
    size: sizeSchema,
    lazyLoad: z.boolean(),
    align: deviceAlignSchema,
  }),
  advanced: advancedSchema,
});
export type VideoAttributes = z.infer<typeof videoAttributesSchema>;

type Embed = { kind: 'youtube' | 'vimeo'; id: string };

/** The video service behind a URL, so it plays in the service's own player. */
export function videoEmbed(url: string, videoId: string): Embed | null {
  const youtube = url.match(
    /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,})/i,
  );
  if (youtube?.[1]) return { kind: 'youtube', id: youtube[1] };
  const vimeo = url.match(/vimeo\.com\/(?:video\/)?(\d+)/i);
  if (vimeo?.[1]) return { kind: 'vimeo', id: vimeo[1] };
  if (videoId !== '' && /youtu/i.test(url)) return { kind: 'youtube', id: videoId };
  return null;
}

function embedUrl(
  embed: Embed,
  options: { autoplay: boolean; muted: boolean; loop: boolean; controls: boolean },
) {
  const flag = (value: boolean) => (value ? '1' : '0');
  if (embed.kind === 'youtube') {
    const query = new URLSearchParams({
      autoplay: flag(options.autoplay),
      mute: flag(options.muted),
      loop: flag(options.loop),
      controls: flag(options.controls),
      ...(options.loop ? { playlist: embed.id } : {}),
    });
    return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(embed.id)}?${query}`;
  }
  const query = new URLSearchParams({
    autoplay: flag(options.autoplay),
    muted: flag(options.muted),
    loop: flag(options.loop),
    controls: flag(options.controls),
  });
  return `https://player.vimeo.com/video/${encodeURIComponent(embed.id)}?${query}`;
}

const videoRenderer: BlockRenderer<'video'> = {
  html: (block) => {
    const { url, thumbnail, videoId, autoplay, muted, loop, controls, lazyLoad } = block.attributes.basic;
    const src = safeHref(url);
    const poster = safeHref(thumbnail);
    const embed = src ? videoEmbed(src, videoId) : null;
    const media = embed
      ? `<iframe${attributes({
          class: 'fw-video-frame',
          src: embedUrl(embed, { autoplay, muted, loop, controls }),
          title: 'Video',
          loading: lazyLoad ? 'lazy' : 'eager',
          allow: 'autoplay; encrypted-media; picture-in-picture; fullscreen',
          allowFullScreen: true,
          'data-poster': poster,
        })}></iframe>`
      : src
        ? `<video${attributes({
            class: 'fw-video-frame',
            src,
            poster,
            autoPlay: autoplay,
            muted,
            loop,
            controls,
            playsInline: true,
            preload: lazyLoad ? 'none' : 'metadata',
          })}></video>`
        : `<span${attributes({ class: 'fw-video-empty', 'data-poster': poster })}></span>`;
    return `<div${attributes({ class: 'fw-box fw-video', 'data-video': '', 'data-video-id': embed?.id ?? (videoId || undefined) })}>${media}</div>`;
  },
  View: ({ block }) => {
    const { url, thumbnail, videoId, autoplay, muted, loop, controls, lazyLoad } = block.attributes.basic;
    const src = safeHref(url);
    const poster = safeHref(thumbnail);
    const embed = src ? videoEmbed(src, videoId) : null;
    return (
      <div className="fw-box fw-video" data-video="" data-video-id={embed?.id ?? (videoId || undefined)}>
        {embed ? (
          <iframe
            className="fw-video-frame"
            src={embedUrl(embed, { autoplay, muted, loop, controls })}
            title="Video"
            loading={lazyLoad ? 'lazy' : 'eager'}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            data-poster={poster}
          />
        ) : src ? (
          <video
            className="fw-video-frame"
            src={src}
            poster={poster}
            autoPlay={autoplay}
            muted={muted}
            loop={loop}
            controls={controls}
            playsInline
            preload={lazyLoad ? 'none' : 'metadata'}
          />
        ) : (
          <span className="fw-video-empty" data-poster={poster} />
        )}
      </div>
    );
  },
  css: (block, scope, sheet) => {
    const { size, align } = block.attributes.basic;
    sheet.addPerDevice(`${scope} .fw-video`, alignValues(align), (value) => ({
      'justify-content': JUSTIFY[value],
    }));
    sheet.add(`${scope} .fw-video-frame, ${scope} .fw-video-empty`, {
      width: size.width === null ? '100%' : px(size.width),
      'max-width': '100%',
      height: size.height === null ? undefined : px(size.height),
      'aspect-ratio': size.height === null ? '16 / 9' : undefined,
    });
  },
};

/** "A video renders as its thumbnail linking to the video." */
const videoEmail: EmailMarkup<'video'> = {
  mjml: (block, context) => {
    const { url, thumbnail, size, align } = block.attributes.basic;
    const href = safeHref(url);
    const src = safeHref(thumbnail);
    if (src === undefined) {
      return href === undefined
        ? ''
        : textBlock(
            block,
            context,
            fontOf(context),
            `<a href="${escapeHtml(href)}" target="_blank">▶ ${escapeHtml(href)}</a>`,
            {
              align: align.desktop,
            },
          );
    }
    return mjml('mj-image', {
      src,
      alt: 'Video',
      href,
      target: href === undefined ? undefined : '_blank',
      width: size.width === null ? undefined : px(size.width),
      height: size.height === null ? undefined : px(size.height),
      align: align.desktop,
      ...common(block, context),
    });
  },
  text: (block) => {
    const url = safeHref(block.attributes.basic.url);
    return url === undefined ? [] : [`Video: ${url}`];
  },
};

export const video = defineBlock({
  type: 'video',
  tag: 'video',
  title: 'Video',
  palette: { page: { group: 'Content', at: 5 }, email: { group: 'Content', at: 5 } },
  icon: 'player-play',
  page: videoRenderer,
  email: videoEmail,
  attributes: videoAttributesSchema,
  /** "Video defaults: autoplay muted, controls, loop." "Lazy load defaults to on." */
  defaults: (): VideoAttributes => ({
    basic: {
      url: '',
      thumbnail: '',
      videoId: '',
      autoplay: true,
      muted: true,
      loop: true,
      controls: true,
      size: { width: null, height: null },
      lazyLoad: true,
      align: deviceAlign('center'),
    },
    advanced: advanced(),
  }),
});
