import { z } from 'zod';
import {
  advanced,
  advancedSchema,
  deviceAlign,
  deviceAlignSchema,
  font,
  fontSchema,
} from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { alignValues, cssColor, fontCss, JUSTIFY, px } from '../render/css.ts';
import { type EmailMarkup, textBlock, withUrl } from '../render/email/block-markup.ts';
import { fontAttributes, styleText } from '../render/email/mjml-markup.ts';
import { safeHref } from '../render/links.ts';
import { escapeHtml } from '../render/string/html.ts';

export const MENU_COLOR = '#636A7B';
export const MENU_HOVER_COLOR = '#4368E0';

export const menuAttributesSchema = z.object({
  basic: z.object({
    items: z.array(z.object({ title: z.string(), url: z.string() })),
    font: fontSchema,
    hoverColor: z.string(),
    orientation: z.enum(['horizontal', 'vertical']),
    gap: z.number().min(0),
    align: deviceAlignSchema,
  }),
  advanced: advancedSchema,
});
export type MenuAttributes = z.infer<typeof menuAttributesSchema>;

const menuRenderer: BlockRenderer<'menu'> = {
  html: (block) => {
    let items = '';
    for (const item of block.attributes.basic.items) {
      const href = safeHref(item.url);
      const title = escapeHtml(item.title);
      items += href
        ? `<li class="fw-menu-item"><a class="fw-menu-link" href="${escapeHtml(href)}">${title}</a></li>`
        : `<li class="fw-menu-item"><span class="fw-menu-link">${title}</span></li>`;
    }
    return `<nav class="fw-box fw-menu fw-menu-${escapeHtml(block.attributes.basic.orientation)}"><ul class="fw-menu-list">${items}</ul></nav>`;
  },
  View: ({ block }) => (
    <nav className={`fw-box fw-menu fw-menu-${block.attributes.basic.orientation}`}>
      <ul className="fw-menu-list">
        {block.attributes.basic.items.map((item, index) => {
          const href = safeHref(item.url);
          return (
            // Items are edited in place and may repeat; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no id of their own
            <li key={index} className="fw-menu-item">
              {href ? (
                <a className="fw-menu-link" href={href}>
                  {item.title}
                </a>
              ) : (
                <span className="fw-menu-link">{item.title}</span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  ),
  css: (block, scope, sheet) => {
    const { font, hoverColor, gap, orientation, align } = block.attributes.basic;
    sheet.add(`${scope} .fw-menu-list`, {
      display: 'flex',
      'flex-direction': orientation === 'vertical' ? 'column' : 'row',
      'flex-wrap': 'wrap',
      gap: px(gap),
    });
    sheet.addPerDevice(`${scope} .fw-menu-list`, alignValues(align), (value) =>
      orientation === 'vertical' ? { 'align-items': JUSTIFY[value] } : { 'justify-content': JUSTIFY[value] },
    );
    sheet.add(`${scope} .fw-menu-link`, fontCss(font));
    sheet.add(`${scope} a.fw-menu-link:hover`, { color: cssColor(hoverColor) });
  },
};

const menuEmail: EmailMarkup<'menu'> = {
  mjml: (block, context) => {
    const { items, font, orientation, gap, align } = block.attributes.basic;
    const linkStyle = escapeHtml(
      styleText({
        color: cssColor(font.color),
        'text-decoration': fontAttributes(font)['text-decoration'] as string,
      }),
    );
    const links = items.map((item) => {
      const href = safeHref(item.url);
      const title = escapeHtml(item.title);
      return href === undefined
        ? `<span style="${linkStyle}">${title}</span>`
        : `<a href="${escapeHtml(href)}" style="${linkStyle}">${title}</a>`;
    });
    const content =
      orientation === 'vertical'
        ? links.map((item) => `<div style="padding-bottom:${px(gap)}">${item}</div>`).join('')
        : links.join(`<span style="display:inline-block;width:${px(gap)}"> </span>`);
    return textBlock(block, context, { ...font, align: align.desktop }, content);
  },
  text: (block) => [
    block.attributes.basic.items.map((item) => withUrl(item.title, safeHref(item.url))).join(' | '),
  ],
};

export const menu = defineBlock({
  type: 'menu',
  tag: 'menu',
  title: 'Menu',
  palette: { page: { group: 'Content', at: 6 }, email: { group: 'Content', at: 6 } },
  icon: 'menu-2',
  page: menuRenderer,
  email: menuEmail,
  attributes: menuAttributesSchema,
  /** "Menu font Roboto 14 colour #636A7B, hover #4368E0"; "items (title, url; three defaults)". */
  defaults: (): MenuAttributes => ({
    basic: {
      items: [
        { title: 'Home', url: '#' },
        { title: 'About', url: '#' },
        { title: 'Contact', url: '#' },
      ],
      font: font({ family: 'Roboto', size: 14, color: MENU_COLOR }),
      hoverColor: MENU_HOVER_COLOR,
      orientation: 'horizontal',
      gap: 24,
      align: deviceAlign('center'),
    },
    advanced: advanced(),
  }),
});
