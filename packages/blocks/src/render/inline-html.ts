// xss is CommonJS: its helpers come from the default export (Node's ESM sees only some named ones).
import xssModule from 'xss';

const { escapeAttrValue, FilterXSS, safeAttrValue } = xssModule as unknown as typeof import('xss');

/**
 * Headline and paragraph content is inline HTML from the rich-text editor. Only these tags survive, each
 * with only these attributes; anything else is removed (its text kept, except inside script and style,
 * which go entirely). js-xss parses without a DOM, so the server and the browser sanitise alike.
 */
const ALLOWED_TAGS: Record<string, string[]> = {
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  br: [],
  a: ['href'],
  span: ['style'],
};

/** Link targets: web pages, e-mail, phone numbers and anchors on the page. */
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|#)/i;

/** The only inline styles, each with a strict value shape (no url(), no expressions). */
const STYLE_VALUES: Record<string, RegExp> = {
  color: /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*[\d.\s,%]+\)|hsla?\(\s*[\d.\s,%deg]+\))$/i,
  'font-size': /^\d{1,3}(\.\d{1,2})?(px|em|rem|%)$/i,
  'font-weight': /^(normal|bold|bolder|lighter|[1-9]00)$/i,
};

const filter = new FilterXSS({
  whiteList: ALLOWED_TAGS,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math'],
  allowCommentTag: false,
  css: {
    whiteList: Object.fromEntries(
      Object.entries(STYLE_VALUES).map(([name, shape]) => [
        name,
        (value: string) => shape.test(value.trim()),
      ]),
    ),
  },
  onTagAttr(tag, name, value) {
    if (tag === 'a' && name === 'href') {
      // safeAttrValue decodes entities and drops javascript:/vbscript: and friends; then our own allow-list.
      const href = safeAttrValue(tag, name, value, undefined as never).trim();
      return SAFE_HREF.test(href) ? `href="${escapeAttrValue(href)}"` : '';
    }
    return undefined;
  },
});

/** The content as sanitised inline HTML (see ALLOWED_TAGS). */
export function sanitizeInlineHtml(content: string): string {
  // Without a '<' there is no tag: js-xss would only escape '>' (its escapeHtml on text), so that is
  // done here directly; most headlines and paragraphs are plain text and skip the parser.
  if (!content.includes('<')) return content.includes('>') ? content.replace(/>/g, '&gt;') : content;
  // A '<' that cannot start a tag is text ("Price < 5"); escaped first so the parser keeps what follows.
  return filter.process(content.replace(/<(?![a-zA-Z/!])/g, '&lt;'));
}
