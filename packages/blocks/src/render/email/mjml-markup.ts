import type { Border, Font, Spacing } from '../../catalogue/common.ts';
import { borderCss, cssColor, fontCss, px, round } from '../css.ts';
import { escapeHtml } from '../string/html.ts';

/** An MJML attribute value; undefined, null and '' leave the attribute out. */
export type MjmlValue = string | number | null | undefined;

/** `<tag a="v">content</tag>` (or self-closed without content), every value escaped. */
export function mjml(tag: string, attributes: Readonly<Record<string, MjmlValue>>, content?: string): string {
  let out = `<${tag}`;
  for (const name in attributes) {
    const value = attributes[name];
    if (value === undefined || value === null || value === '') continue;
    out += ` ${name}="${escapeHtml(value)}"`;
  }
  return content === undefined ? `${out} />` : `${out}>${content}</${tag}>`;
}

/** A CSS declaration list for a style attribute: empty values left out. */
export function styleText(
  declarations: Readonly<Record<string, string | number | null | undefined | false>>,
): string {
  const parts: string[] = [];
  for (const name in declarations) {
    const value = declarations[name];
    if (value === undefined || value === null || value === false || value === '') continue;
    parts.push(`${name}:${value}`);
  }
  return parts.join(';');
}

export const spacingAttribute = (value: Spacing): string =>
  [value.top, value.right, value.bottom, value.left].map(px).join(' ');

export function addSpacing(a: Spacing, b: Spacing): Spacing {
  return { top: a.top + b.top, right: a.right + b.right, bottom: a.bottom + b.bottom, left: a.left + b.left };
}

/** A font as the attributes of mj-text, mj-button and friends (the page's font CSS, without alignment). */
export function fontAttributes(font: Omit<Font, 'align'>): Record<string, MjmlValue> {
  const { 'text-align': _align, ...declarations } = fontCss(font);
  return declarations as Record<string, MjmlValue>;
}

/** A font as inline CSS, for the HTML inside mj-text. */
export function fontStyle(font: Omit<Font, 'align'> & { align?: Font['align'] }): string {
  const attributes = fontAttributes(font);
  return styleText({ ...attributes, 'text-align': font.align });
}

/** mjml's `border` shorthand: one width, style and colour (per-side borders are the page's only). */
export function borderShorthand(border: Border): string | undefined {
  const css = borderCss(border);
  if (css['border-style'] === undefined) return undefined;
  return `${px(border.width)} ${border.style} ${cssColor(border.color) ?? '#000000'}`;
}

/** The largest corner radius, since mjml takes one radius. */
export function borderRadius(border: Border): string | undefined {
  const { topLeft, topRight, bottomRight, bottomLeft } = border.radius;
  const radius = Math.max(topLeft, topRight, bottomRight, bottomLeft);
  return radius > 0 ? px(radius) : undefined;
}

/** A border and radius as inline CSS, for boxes drawn inside mj-text. */
export function borderStyle(border: Border): string {
  const css = borderCss(border);
  return styleText({
    border: borderShorthand(border),
    'border-radius': css['border-radius'] as string | undefined,
  });
}

export const percent = (value: number): string => `${round(value)}%`;
