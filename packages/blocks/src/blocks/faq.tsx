import { z } from 'zod';
import {
  ACCENT_COLOR,
  advanced,
  advancedSchema,
  border,
  borderSchema,
  font,
  fontSchema,
} from '../catalogue/common.ts';
import { defineBlock } from '../catalogue/define-block.ts';
import { nodeIdSchema } from '../document/ids.ts';
import type { BlockRenderer } from '../render/context.ts';
import { borderCss, cssColor, fontCss } from '../render/css.ts';
import { escapeHtml } from '../render/string/html.ts';

const stateStyleSchema = z.object({ color: z.string(), backgroundColor: z.string() });

export const faqAttributesSchema = z.object({
  basic: z.object({
    title: z.string(),
    isActive: z.boolean(),
    titleFont: fontSchema,
    backgroundColor: z.string(),
    border: borderSchema,
  }),
  advanced: advancedSchema,
  hover: stateStyleSchema,
  active: stateStyleSchema,
});
export type FaqAttributes = z.infer<typeof faqAttributesSchema>;

/** A question opens and closes without a script (details/summary); the answer is the FAQ's children. */
const faqRenderer: BlockRenderer<'faq'> = {
  html: (block, context) => {
    const { isActive, title } = block.attributes.basic;
    return `<details class="fw-box fw-faq"${isActive ? ' open=""' : ''}><summary class="fw-faq-title fw-text">${escapeHtml(title)}</summary><div class="fw-faq-answer">${context.renderBlocks(block.children)}</div></details>`;
  },
  View: ({ block, context }) => (
    <details className="fw-box fw-faq" open={block.attributes.basic.isActive}>
      <summary className="fw-faq-title fw-text">{block.attributes.basic.title}</summary>
      <div className="fw-faq-answer">{context.renderBlocks(block.children)}</div>
    </details>
  ),
  css: (block, scope, sheet) => {
    const { basic, hover, active } = block.attributes;
    sheet.add(`${scope}>.fw-box`, {
      'background-color': cssColor(basic.backgroundColor),
      ...borderCss(basic.border),
    });
    sheet.add(`${scope} .fw-faq-title`, fontCss(basic.titleFont));
    sheet.add(`${scope} .fw-faq-title:hover`, {
      color: cssColor(hover.color),
      'background-color': cssColor(hover.backgroundColor),
    });
    sheet.add(`${scope}>.fw-box[open]>.fw-faq-title`, {
      color: cssColor(active.color),
      'background-color': cssColor(active.backgroundColor),
    });
  },
};

/** One question; its children are the blocks of the answer, shown while it is active. */
export const faq = defineBlock({
  type: 'faq',
  tag: 'faq',
  title: 'FAQ',
  palette: { page: { group: 'Engagement', at: 2 } },
  icon: 'help-circle',
  page: faqRenderer,
  email: false,
  attributes: faqAttributesSchema,
  defaults: (): FaqAttributes => ({
    basic: {
      title: 'Question',
      isActive: false,
      titleFont: font({ bold: true }),
      backgroundColor: '',
      border: border({ width: 1, color: '#D5DAE3', style: 'solid', radius: 6 }),
    },
    advanced: advanced(),
    hover: { color: ACCENT_COLOR, backgroundColor: '' },
    active: { color: ACCENT_COLOR, backgroundColor: '' },
  }),
  structure: { children: z.array(nodeIdSchema) },
});
