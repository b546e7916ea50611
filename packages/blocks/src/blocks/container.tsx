import { z } from 'zod';
import { advanced, advancedSchema, border, borderSchema } from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import { nodeIdSchema } from '../document/ids.ts';
import type { BlockRenderer } from '../render/context.ts';
import { borderCss, cssColor, px, round } from '../render/css.ts';
import { escapeHtml } from '../render/string/html.ts';

/** "Container blocks hold boxes (value = width, children)." */
export const boxSchema = z.object({ value: z.number().min(0).max(100), children: z.array(nodeIdSchema) });
export type Box = z.infer<typeof boxSchema>;

/** A new container has two empty boxes side by side. */
export function initialBoxes(): Box[] {
  return [
    { value: 50, children: [] },
    { value: 50, children: [] },
  ];
}

export const containerAttributesSchema = z.object({
  basic: z.object({
    orientation: z.enum(['row', 'column']),
    gap: z.number().min(0),
    backgroundColor: z.string(),
    border: borderSchema,
  }),
  advanced: advancedSchema,
});
export type ContainerAttributes = z.infer<typeof containerAttributesSchema>;

/** Boxes share the row by their values; on phones a row of boxes stacks. */
const containerRenderer: BlockRenderer<'container'> = {
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

export const container = defineBlock({
  type: 'container',
  tag: 'container',
  title: 'Container',
  palette: { page: { group: 'Layout', at: 2 } },
  icon: 'box-multiple',
  page: containerRenderer,
  email: false,
  attributes: containerAttributesSchema,
  defaults: (): ContainerAttributes => ({
    basic: { orientation: 'row', gap: 16, backgroundColor: '', border: border() },
    advanced: advanced(),
  }),
  structure: { boxes: z.array(boxSchema).min(1) },
});
