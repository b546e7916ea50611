/**
 * Helpers of the string renderer: published pages are written as text, byte for byte what React's
 * `renderToString` writes for the same views (the equivalence test renders every block both ways).
 */

const ESCAPED = /["&'<>]/;
const ESCAPED_ALL = /["&'<>]/g;
const ENTITIES: Readonly<Record<string, string>> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};
const entity = (character: string) => ENTITIES[character] as string;

/**
 * Text and attribute values escaped as React 19 escapes both (`escapeTextForBrowser`): & < > " and '
 * become &amp; &lt; &gt; &quot; &#x27;. Numbers are written as they are.
 */
export function escapeHtml(value: string | number): string {
  const text = typeof value === 'string' ? value : String(value);
  return ESCAPED.test(text) ? text.replace(ESCAPED_ALL, entity) : text;
}

/** An attribute value: nothing for null, undefined or false; `name=""` for true; else the escaped text. */
export type AttributeValue = string | number | boolean | null | undefined;

/** Attributes in the order given, as React writes them (`name=""` for a true boolean). */
export function attributes(list: Readonly<Record<string, AttributeValue>>): string {
  let out = '';
  for (const name in list) {
    const value = list[name];
    if (value === undefined || value === null || value === false) continue;
    // React leaves out an empty src or href.
    if (value === '' && (name === 'src' || name === 'href')) continue;
    out +=
      value === true
        ? ` ${name}=""`
        : typeof value === 'number'
          ? ` ${name}="${value}"`
          : ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

/**
 * Adjacent text children of one element: React separates neighbouring text nodes with `<!-- -->`
 * (empty texts write nothing and separate nothing).
 */
export function texts(...parts: (string | number)[]): string {
  let out = '';
  let first = true;
  for (const part of parts) {
    if (part === '') continue;
    out += first ? escapeHtml(part) : `<!-- -->${escapeHtml(part)}`;
    first = false;
  }
  return out;
}

/**
 * What a render collects besides the markup: React hoists a `<link rel="preload" as="image">` for
 * every distinct eagerly loaded image source to the front of the output.
 */
export type HtmlCollector = { imagePreloads: Set<string> };

/** An `<img>` as React writes it, noting an eager image's source for its preload link. */
export function imgHtml(collector: HtmlCollector, list: Readonly<Record<string, AttributeValue>>): string {
  const src = list.src;
  if (list.loading !== 'lazy' && typeof src === 'string' && src !== '' && !/^data:/i.test(src))
    collector.imagePreloads.add(src);
  return `<img${attributes(list)}/>`;
}

/** The preload links React writes before the page for its eager images. */
export function preloadLinks(collector: HtmlCollector): string {
  let out = '';
  for (const src of collector.imagePreloads)
    out += `<link rel="preload" as="image" href="${escapeHtml(src)}"/>`;
  return out;
}
