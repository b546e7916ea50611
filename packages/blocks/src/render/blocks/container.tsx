import type { BlockRenderer } from '../context.ts';
import { borderCss, cssColor, px, round } from '../css.ts';
import { escapeHtml } from '../string/html.ts';

/** Boxes share the row by their values; on phones a row of boxes stacks. */
export const containerRenderer: BlockRenderer<'container'> = {
  html: (block, context) => {
    let boxes = '';
    for (const box of block.boxes)
      boxes += `<div class="fw-container-box">${context.renderBlocks(box.children)}</div>`;
    return `<div class="fw-box fw-container fw-container-${escapeHtml(block.attributes.basic.orientation)}">${boxes}</div>`;
  },
  View: ({ block, context }) => (
    <div className={`fw-box fw-container fw-container-${block.attributes.basic.orientation}`}>
      {block.boxes.map((box, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a box is known by its position
        <div key={index} className="fw-container-box">
          {context.renderBlocks(box.children)}
        </div>
      ))}
    </div>
  ),
  css: (block, scope, sheet) => {
    const { orientation, gap, backgroundColor, border } = block.attributes.basic;
    sheet.add(`${scope}>.fw-box`, {
      display: 'flex',
      'flex-direction': orientation,
      gap: px(gap),
      'background-color': cssColor(backgroundColor),
      ...borderCss(border),
    });
    block.boxes.forEach((box, index) => {
      sheet.add(`${scope}>.fw-box>.fw-container-box:nth-child(${index + 1})`, {
        flex: orientation === 'row' ? `${round(box.value)} 1 0` : undefined,
        'min-width': 0,
      });
    });
    if (orientation === 'row') sheet.add(`${scope}>.fw-box`, { 'flex-direction': 'column' }, 'mobile');
  },
};
