import { z } from 'zod';
import {
  ACCENT_COLOR,
  advanced,
  advancedSchema,
  DEFAULT_TEXT_COLOR,
  deviceAlign,
  deviceAlignSchema,
} from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import type { BlockRenderer } from '../render/context.ts';
import { alignValues, cssColor, cssFontFamily, JUSTIFY, px } from '../render/css.ts';
import { common, type EmailMarkup, withUrl } from '../render/email/block-markup.ts';
import { mjml, styleText } from '../render/email/mjml-markup.ts';
import { EMAIL_SOCIAL_ICONS, emailSocialIconUrl } from '../render/email/social-icons.ts';
import { safeHref } from '../render/links.ts';
import { escapeHtml } from '../render/string/html.ts';

/** "items (title, status, url, icon) for five networks, all enabled by default". */
export const SOCIAL_NETWORKS = [
  { title: 'Facebook', icon: 'facebook' },
  { title: 'Instagram', icon: 'instagram' },
  { title: 'X', icon: 'x' },
  { title: 'LinkedIn', icon: 'linkedin' },
  { title: 'YouTube', icon: 'youtube' },
] as const;

export const socialAttributesSchema = z.object({
  basic: z.object({
    items: z.array(z.object({ title: z.string(), status: z.boolean(), url: z.string(), icon: z.string() })),
    color: z.string(),
    hoverColor: z.string(),
    iconSize: z.number().positive(),
    gap: z.number().min(0),
    align: deviceAlignSchema,
  }),
  advanced: advancedSchema,
});
export type SocialAttributes = z.infer<typeof socialAttributesSchema>;

/** A short mark per network, drawn as text so the page needs no icon font. */
const MARKS: Readonly<Record<string, string>> = {
  facebook: 'f',
  instagram: 'ig',
  x: 'X',
  linkedin: 'in',
  youtube: '▶',
};

const socialRenderer: BlockRenderer<'social'> = {
  html: (block) => {
    let items = '';
    for (const item of block.attributes.basic.items) {
      if (!item.status) continue;
      const href = safeHref(item.url);
      const mark = escapeHtml(MARKS[item.icon] ?? item.title.slice(0, 2));
      const className = `fw-social-icon fw-social-${item.icon.replace(/[^a-z0-9-]/gi, '')}`;
      const title = escapeHtml(item.title);
      items += href
        ? `<li><a class="${className}" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer" aria-label="${title}">${mark}</a></li>`
        : `<li><span class="${className}" role="img" aria-label="${title}">${mark}</span></li>`;
    }
    return `<ul class="fw-box fw-social">${items}</ul>`;
  },
  View: ({ block }) => (
    <ul className="fw-box fw-social">
      {block.attributes.basic.items
        .filter((item) => item.status)
        .map((item, index) => {
          const href = safeHref(item.url);
          const mark = MARKS[item.icon] ?? item.title.slice(0, 2);
          const className = `fw-social-icon fw-social-${item.icon.replace(/[^a-z0-9-]/gi, '')}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: items have no id of their own
            <li key={index}>
              {href ? (
                <a
                  className={className}
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={item.title}
                >
                  {mark}
                </a>
              ) : (
                <span className={className} role="img" aria-label={item.title}>
                  {mark}
                </span>
              )}
            </li>
          );
        })}
    </ul>
  ),
  css: (block, scope, sheet) => {
    const { color, hoverColor, iconSize, gap, align } = block.attributes.basic;
    sheet.add(`${scope} .fw-social`, { display: 'flex', 'flex-wrap': 'wrap', gap: px(gap) });
    sheet.addPerDevice(`${scope} .fw-social`, alignValues(align), (value) => ({
      'justify-content': JUSTIFY[value],
    }));
    sheet.add(`${scope} .fw-social-icon`, {
      color: cssColor(color),
      'border-color': cssColor(color),
      width: px(iconSize * 1.6),
      height: px(iconSize * 1.6),
      'font-size': px(iconSize * 0.7),
    });
    sheet.add(`${scope} a.fw-social-icon:hover`, {
      color: cssColor(hoverColor),
      'border-color': cssColor(hoverColor),
    });
  },
};

/** Known networks get mjml's own icons ("-noshare": the merchant's URL as it is, not a share link). */
/** mjml's networks, whose badge colour it knows; 'twitter' is the old name of 'x'. */
const ICON_OF: Readonly<Record<string, string>> = { twitter: 'x' };

/**
 * A network without an icon of ours: its title as a text link, in the inline table mj-social gives each
 * element (and Outlook's cell around it). mj-social-element would draw an empty icon box beside it.
 */
function socialTextLink(
  title: string,
  href: string | undefined,
  look: { align: string; color: string | undefined; gap: number; font: { family: string; size: number } },
): string {
  const style = escapeHtml(
    styleText({
      color: look.color,
      'font-family': cssFontFamily(look.font.family),
      'font-size': px(look.font.size),
      'text-decoration': 'none',
    }),
  );
  const text =
    href === undefined
      ? `<span style="${style}">${escapeHtml(title)}</span>`
      : `<a href="${escapeHtml(href)}" target="_blank" style="${style}">${escapeHtml(title)}</a>`;
  return mjml(
    'mj-raw',
    {},
    `<!--[if mso | IE]><td><![endif]--><table align="${escapeHtml(look.align)}" border="0" cellpadding="0" cellspacing="0" role="presentation" style="float:none;display:inline-table;"><tbody><tr><td style="padding:0px ${px(look.gap / 2)};vertical-align:middle;">${text}</td></tr></tbody></table><!--[if mso | IE]></td><![endif]-->`,
  );
}

const socialEmail: EmailMarkup<'social'> = {
  mjml: (block, context) => {
    const { items, color, iconSize, gap, align } = block.attributes.basic;
    const { assetBase } = context;
    const look = { align: align.desktop, color: cssColor(color), gap, font: context.document.settings.font };
    const elements = items
      .filter((item) => item.status)
      .map((item) => {
        const href = safeHref(item.url);
        const icon = ICON_OF[item.icon] ?? item.icon;
        if (assetBase === undefined || !(EMAIL_SOCIAL_ICONS as readonly string[]).includes(icon)) {
          return socialTextLink(item.title || item.icon, href, look);
        }
        return mjml(
          'mj-social-element',
          {
            // The name gives mjml's badge colour for the network; src keeps the icon on our own host.
            name: `${icon}-noshare`,
            src: emailSocialIconUrl(assetBase, icon),
            href,
            alt: item.title,
            title: item.title,
            target: '_blank',
          },
          '',
        );
      })
      .join('');
    if (elements === '') return '';
    return mjml(
      'mj-social',
      {
        mode: 'horizontal',
        align: align.desktop,
        'icon-size': px(iconSize),
        color: cssColor(color),
        'inner-padding': `0px ${px(gap / 2)}`,
        ...common(block, context),
      },
      elements,
    );
  },
  text: (block) =>
    block.attributes.basic.items
      .filter((item) => item.status && safeHref(item.url) !== undefined)
      .map((item) => withUrl(item.title, safeHref(item.url))),
};

export const social = defineBlock({
  type: 'social',
  tag: 'social',
  title: 'Social',
  palette: { page: { group: 'Content', at: 7 }, email: { group: 'Content', at: 7 } },
  icon: 'share',
  page: socialRenderer,
  email: socialEmail,
  attributes: socialAttributesSchema,
  defaults: (): SocialAttributes => ({
    basic: {
      items: SOCIAL_NETWORKS.map(({ title, icon }) => ({ title, status: true, url: '', icon })),
      color: DEFAULT_TEXT_COLOR,
      hoverColor: ACCENT_COLOR,
      iconSize: 24,
      gap: 12,
      align: deviceAlign('center'),
    },
    advanced: advanced(),
  }),
});
