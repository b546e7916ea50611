import { z } from 'zod';
import { videoEmail, videoRenderer } from '../render/blocks/video.tsx';
import { advanced, advancedSchema, deviceAlign, deviceAlignSchema, sizeSchema } from './common.ts';
import { defineBlock } from './define-block.ts';

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
