import { z } from 'zod';
import {
  ACCENT_COLOR,
  advanced,
  advancedSchema,
  DEFAULT_TEXT_COLOR,
  font,
  fontSchema,
  textShadowSchema,
} from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import { linkActionSchema, NO_LINK } from '../catalogue/link-actions.ts';
import { Clickable, clickableHtml } from '../render/clickable.tsx';
import type { BlockRenderer } from '../render/context.ts';
import { cssColor, fontCss, textShadowCss } from '../render/css.ts';
import { actionHref, type EmailMarkup, textBlock, urlOf, withUrl } from '../render/email/block-markup.ts';
import { fontAttributes, styleText } from '../render/email/mjml-markup.ts';
import { linkBehaviour } from '../render/links.ts';
import { escapeHtml } from '../render/string/html.ts';

export const linkAttributesSchema = z.object({
  basic: z.object({
    action: linkActionSchema,
    font: fontSchema,
    hoverColor: z.string(),
    textShadows: z.array(textShadowSchema),
  }),
  advanced: advancedSchema,
});
export type LinkAttributes = z.infer<typeof linkAttributesSchema>;

const linkRenderer: BlockRenderer<'link'> = {
  html: (block, context) =>
    clickableHtml(
      linkBehaviour(block.attributes.basic.action, context.anchorOf),
      'fw-box fw-link fw-text',
      escapeHtml(block.content ?? ''),
    ),
  View: ({ block, context }) => (
    <Clickable
      behaviour={linkBehaviour(block.attributes.basic.action, context.anchorOf)}
      className="fw-box fw-link fw-text"
    >
      {block.content ?? ''}
    </Clickable>
  ),
  css: (block, scope, sheet) => {
    const { font, hoverColor, textShadows } = block.attributes.basic;
    sheet.add(scope, { 'text-align': font.align });
    sheet.add(`${scope}>.fw-box`, { ...fontCss(font), 'text-shadow': textShadowCss(textShadows) });
    sheet.add(`${scope}>.fw-box:hover`, { color: cssColor(hoverColor) });
  },
};

const linkEmail: EmailMarkup<'link'> = {
  mjml: (block, context) => {
    const { action, font, textShadows } = block.attributes.basic;
    const { href, target } = actionHref(action);
    const text = escapeHtml(block.content ?? '');
    const style = escapeHtml(
      styleText({
        color: cssColor(font.color),
        'text-decoration': fontAttributes(font)['text-decoration'] as string,
        'text-shadow': textShadowCss(textShadows),
      }),
    );
    const content =
      href === undefined
        ? `<span style="${style}">${text}</span>`
        : `<a href="${escapeHtml(href)}" target="${target}" style="${style}">${text}</a>`;
    return textBlock(block, context, font, content);
  },
  text: (block) => [withUrl(block.content ?? '', urlOf(block.attributes.basic.action))],
};

/**
 * "link: content (default label 'Link'), linkUrl, font, hoverColor, textShadows; click action …".
 * The spec's linkUrl is the url of a goto-url action, so the address is kept in one place.
 */
export const link = defineBlock({
  type: 'link',
  tag: 'link',
  title: 'Link',
  palette: { page: { group: 'Content', at: 3 }, email: { group: 'Content', at: 3 } },
  icon: 'link',
  page: linkRenderer,
  email: linkEmail,
  attributes: linkAttributesSchema,
  defaults: (): LinkAttributes => ({
    basic: {
      action: NO_LINK,
      font: font({ color: ACCENT_COLOR, underline: true }),
      hoverColor: DEFAULT_TEXT_COLOR,
      textShadows: [],
    },
    advanced: advanced(),
  }),
  content: 'Link',
});
