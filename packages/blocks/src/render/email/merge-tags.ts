import { safeHref } from '../links.ts';
import { escapeHtml } from '../string/html.ts';

/**
 * The merge tags the rich-text toolbar offers: customer, order and product fields. Any other name in
 * `{{…}}` is still a tag; a recipient without a value for it gets its fallback.
 */
export const MERGE_TAGS = [
  'first_name',
  'last_name',
  'email',
  'order_number',
  'order_total',
  'product_name',
  'tracking_url',
  'tracking_number',
  'order_lines',
  'shipping_address',
] as const;
export type MergeTagName = (typeof MERGE_TAGS)[number];

/** One `{{name}}` or `{{name|fallback}}` in a compiled part. */
export type MergeTag = {
  name: string;
  /** As written in the part (HTML-escaped in the HTML part, plain in the text part). */
  fallback: string;
  /** The tag stands inside an href or src: a value that is not a safe URL is left out. */
  url: boolean;
};

/**
 * A text with its merge tags found once: `parts` around `tags` (parts.length = tags.length + 1), so a
 * recipient's copy is a loop of concatenations. Plain JSON: it can be stored with the template version.
 */
export type MergeTemplate = { parts: string[]; tags: MergeTag[] };

const TAG = /\{\{\s*([a-zA-Z][a-zA-Z0-9_]*)\s*(?:\|([^{}]*))?\}\}/g;
const IN_URL_ATTRIBUTE = /\b(?:href|src)\s*=\s*["'][^"'<>]*$/i;

/** Finds the merge tags of a text (`{{first_name}}`, `{{ first_name | there }}`). */
export function mergeTemplate(source: string): MergeTemplate {
  const parts: string[] = [];
  const tags: MergeTag[] = [];
  let last = 0;
  for (const match of source.matchAll(TAG)) {
    const before = source.slice(last, match.index);
    parts.push(before);
    tags.push({
      name: match[1] as string,
      fallback: (match[2] ?? '').trim(),
      url: IN_URL_ATTRIBUTE.test(source.slice(Math.max(0, match.index - 2000), match.index)),
    });
    last = match.index + match[0].length;
  }
  parts.push(source.slice(last));
  return { parts, tags };
}

/**
 * A value the server built as markup (the order's lines as a table, the shipping address with line
 * breaks): its `html` goes into the HTML part as it is, so it must already be escaped; `text` goes into
 * the text part. Never made from a merchant's or shopper's raw text.
 */
export type MergeMarkup = { readonly html: string; readonly text: string };

/** A recipient's values; null, undefined and '' count as missing. */
export type MergeValues = Readonly<Record<string, string | number | MergeMarkup | null | undefined>>;

function recipientValue(values: MergeValues, name: string, html: boolean): string | MergeMarkup | undefined {
  const value = values[name];
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'object') {
    const part = html ? value.html : value.text;
    return part === '' ? undefined : value;
  }
  const text = String(value);
  return text === '' ? undefined : text;
}

/**
 * The template with every tag replaced: the recipient's value, else the tag's fallback, else nothing.
 * `html` escapes values for HTML (the fallback is already markup); a value in an href or src must
 * also be a safe URL.
 */
export function fillMergeTemplate(template: MergeTemplate, values: MergeValues, html: boolean): string {
  const { parts, tags } = template;
  let out = parts[0] as string;
  for (let index = 0; index < tags.length; index++) {
    const tag = tags[index] as MergeTag;
    const value = recipientValue(values, tag.name, html);
    let filled = tag.fallback;
    if (typeof value === 'object') {
      // Markup has no place in a link: there it counts as missing.
      if (!tag.url) filled = html ? value.html : value.text;
    } else if (value !== undefined) {
      if (!html) filled = value;
      else if (!tag.url) filled = escapeHtml(value);
      else filled = escapeHtml(safeHref(value) ?? '');
    }
    out += filled + (parts[index + 1] as string);
  }
  return out;
}
