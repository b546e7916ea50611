import type { Advanced, Font } from '../../catalogue/common.ts';
import type { Responsive } from '../../catalogue/define-block.ts';
import type { LinkAction } from '../../catalogue/link-actions.ts';
import type { BlockOf, BlockType } from '../../catalogue/registry.ts';
import type { EditorDocument } from '../../document/schema.ts';
import { cssColor, merchantClasses, visibilityClasses } from '../css.ts';
import { safeHref } from '../links.ts';
import { escapeHtml } from '../string/html.ts';
import {
  addSpacing,
  borderStyle,
  fontAttributes,
  fontStyle,
  type MjmlValue,
  mjml,
  spacingAttribute,
  styleText,
} from './mjml-markup.ts';

/** What a block's MJML needs besides the block: the document (for nested blocks) and an enclosing box. */
export type EmailRenderContext = {
  document: EditorDocument;
  /** The background of an enclosing two-step form, painted behind each of its blocks. */
  background?: string;
  /** The enclosing two-step form's side padding, added to each of its blocks. */
  inset?: { left: number; right: number };
  /** The app's public address for the social icons; none draws each network as its name. */
  assetBase?: string;
  /** The MJML of a list of child blocks (a two-step form's steps), in the given context. */
  renderBlocks: (ids: readonly number[], context: EmailRenderContext) => string;
};

/** What a block's plain-text lines need: the document and the two helpers the e-mail renderer owns. */
export type EmailTextContext = {
  document: EditorDocument;
  /** Rich text or HTML as text, links as "text [url]". */
  htmlText: (html: string) => string;
  /** The lines of a list of child blocks (a two-step form's steps). */
  blocksText: (ids: readonly number[]) => string[];
};

/**
 * How one block type is drawn in an e-mail: its MJML components and its lines of the plain-text part (none
 * when it has nothing to read).
 */
export type EmailMarkup<K extends BlockType> = {
  mjml: (block: BlockOf<K>, context: EmailRenderContext) => string;
  text: (block: BlockOf<K>, context: EmailTextContext) => string[];
};

/** The attributes every component of a block carries: its classes and the box background. */
export function common(
  block: { attributes: { advanced: Advanced }; responsive: Responsive },
  context: EmailRenderContext,
  extraSpacing = true,
): Record<string, MjmlValue> {
  const { padding, margin, cssClasses } = block.attributes.advanced;
  const inset = { top: 0, bottom: 0, left: context.inset?.left ?? 0, right: context.inset?.right ?? 0 };
  return {
    padding: spacingAttribute(addSpacing(extraSpacing ? addSpacing(padding, margin) : margin, inset)),
    'css-class': [...visibilityClasses(block.responsive), ...merchantClasses(cssClasses)].join(' '),
    'container-background-color': cssColor(context.background),
  };
}

/** Only a URL action links in an e-mail: step, popup and page-element actions need the page. */
export function actionHref(action: LinkAction): { href?: string; target?: string } {
  if (action.type !== 'goto-url') return {};
  const href = safeHref(action.url);
  if (href === undefined) return {};
  return action.target === '_blank' ? { href, target: '_blank' } : { href, target: '_self' };
}

export function textBlock(
  block: { attributes: { advanced: Advanced }; responsive: Responsive },
  context: EmailRenderContext,
  font: Font,
  content: string,
  extra: Record<string, MjmlValue> = {},
): string {
  return mjml(
    'mj-text',
    { ...fontAttributes(font), align: font.align, ...common(block, context), ...extra },
    content,
  );
}

export function fontOf(context: EmailRenderContext): Font {
  return { ...context.document.settings.font, align: 'center' };
}

/** A field's look without a form: mail clients do not post forms. */
export function fieldBox(
  basic: { backgroundColor: string; border: BlockOf<'formElement'>['attributes']['basic']['border'] },
  font: Font,
  text: string,
): string {
  const style = styleText({
    'background-color': cssColor(basic.backgroundColor),
    padding: '10px 12px',
  });
  return `<div style="${escapeHtml([style, borderStyle(basic.border), fontStyle({ ...font, align: 'left' })].filter(Boolean).join(';'))}">${text === '' ? '&nbsp;' : escapeHtml(text)}</div>`;
}

export function fieldLabel(text: string, font: Font, required: boolean): string {
  return `<div style="${escapeHtml(fontStyle(font))};padding-bottom:4px">${escapeHtml(text)}${required ? ' *' : ''}</div>`;
}

/** A link action's address in the plain-text part: only a URL action has one. */
export function urlOf(action: LinkAction): string | undefined {
  return action.type === 'goto-url' ? safeHref(action.url) : undefined;
}

/** "text [url]", or the text alone without an address. */
export const withUrl = (text: string, url: string | undefined) =>
  url === undefined ? text : `${text} [${url}]`;
