// xss is CommonJS: its helpers come from the default export (as in ../inline-html.ts).
import xssModule from 'xss';
import { safeHref } from '../links.ts';

const { escapeAttrValue, FilterXSS, getDefaultWhiteList, safeAttrValue } =
  xssModule as unknown as typeof import('xss');

/** Layout attributes mail clients read besides CSS; allowed on every tag of the default allow-list. */
const LAYOUT_ATTRIBUTES = ['style', 'class', 'align', 'valign', 'width', 'height', 'bgcolor', 'border'];
const TABLE_ATTRIBUTES = ['cellpadding', 'cellspacing', 'role'];

const whiteList = Object.fromEntries(
  Object.entries(getDefaultWhiteList()).map(([tag, attributes]) => [
    tag,
    [...(attributes ?? []), ...LAYOUT_ATTRIBUTES, ...(tag === 'table' ? TABLE_ATTRIBUTES : [])],
  ]),
);

const WHOLE_MERGE_TAG = /^\s*\{\{\s*[a-zA-Z][a-zA-Z0-9_]*\s*(?:\|[^{}"'<>]*)?\}\}\s*$/;

const filter = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: [
    'script',
    'style',
    'iframe',
    'object',
    'embed',
    'noscript',
    'template',
    'svg',
    'math',
    'form',
  ],
  allowCommentTag: false,
  // Inline styles stay as written: mail clients run no script, and the markup cannot leave the attribute.
  css: false,
  onTagAttr(tag, name, value) {
    if (name === 'href' || name === 'src') {
      // A link that is one merge tag ('{{tracking_url}}') stays: personalising lets in only a safe URL.
      if (WHOLE_MERGE_TAG.test(value)) return `${name}="${escapeAttrValue(value.trim())}"`;
      const url = safeHref(safeAttrValue(tag, name, value, undefined as never));
      return url === undefined ? '' : `${name}="${escapeAttrValue(url)}"`;
    }
    return undefined;
  },
});

/**
 * A custom HTML block's content as e-mail markup: js-xss's allow-list of tags (tables, images, links, text)
 * with layout attributes, scripts, styles, frames, forms and event handlers removed, links through the
 * page's safe-URL rule.
 */
export function sanitizeEmailHtml(content: string): string {
  return filter.process(content);
}
