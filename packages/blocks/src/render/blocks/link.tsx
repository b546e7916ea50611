import { Clickable, clickableHtml } from '../clickable.tsx';
import type { BlockRenderer } from '../context.ts';
import { cssColor, fontCss, textShadowCss } from '../css.ts';
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
