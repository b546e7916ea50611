import { Clickable, clickableHtml } from '../clickable.tsx';
import type { BlockRenderer } from '../context.ts';
import { cssColor, fontCss, textShadowCss } from '../css.ts';
import { actionHref, type EmailMarkup, textBlock, urlOf, withUrl } from '../email/block-markup.ts';
import { fontAttributes, styleText } from '../email/mjml-markup.ts';
import { linkBehaviour } from '../links.ts';
import { escapeHtml } from '../string/html.ts';

export const linkRenderer: BlockRenderer<'link'> = {
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

export const linkEmail: EmailMarkup<'link'> = {
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
