import type { BlockRenderer } from '../context.ts';
import { alignValues, cssColor, JUSTIFY, px } from '../css.ts';
import { safeHref } from '../links.ts';
import { escapeHtml } from '../string/html.ts';

/** A short mark per network, drawn as text so the page needs no icon font. */
const MARKS: Readonly<Record<string, string>> = {
  facebook: 'f',
  instagram: 'ig',
  x: 'X',
  linkedin: 'in',
  youtube: '▶',
};

export const socialRenderer: BlockRenderer<'social'> = {
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
