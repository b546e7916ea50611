import type { Advanced } from '../../catalogue/common.ts';
import type { Responsive } from '../../catalogue/define-block.ts';
import type { NodeId } from '../../document/ids.ts';
import type { EditorDocument, Row, Section } from '../../document/schema.ts';
import type { HtmlContext } from '../context.ts';
import { merchantClasses, visibilityClasses } from '../css.ts';
import { anchorsOf, documentFonts, pageCss, rendererOf } from '../page.tsx';
import type { RenderedPage, RenderOptions } from '../render-page.tsx';
import { attributes, escapeHtml, type HtmlCollector, preloadLinks } from './html.ts';

/**
 * The string renderer: the page `PageView` draws, written directly as text for published pages. Its
 * output is byte for byte `renderToString(<PageView …/>)` (see string-renderer.test.ts); the editor
 * keeps the React views.
 */

/**
 * The opening tag's attributes of a section, row or block wrapper (see `wrapperProps` in page.tsx).
 * The class list needs no escaping: its names are ours or merchant classes that passed CLASS_NAME
 * (letters, digits, - and _ only). This runs for every node of every render, so it writes the text
 * directly instead of going through `attributes`.
 */
function wrapper(
  context: HtmlContext,
  id: NodeId,
  kind: string,
  advanced: Advanced,
  baseClasses: string,
  responsive?: Responsive,
): string {
  let out = ` class="${baseClasses} fw-n${id}`;
  if (responsive && !(responsive.desktop && responsive.tablets && responsive.mobile))
    for (const name of visibilityClasses(responsive)) out += ` ${name}`;
  if (advanced.cssClasses !== '') for (const name of merchantClasses(advanced.cssClasses)) out += ` ${name}`;
  out += '"';
  const anchor = context.anchorOf(id);
  if (anchor) out += ` id="${escapeHtml(anchor)}"`;
  if (context.editor) out += ` data-node-id="${id}" data-node-type="${escapeHtml(kind)}"`;
  return out;
}

/** Every block type's wrapper classes, worked out once instead of on every block of every render. */
const blockClasses = new Map<string, string>();
const blockClassesOf = (type: string) => {
  let classes = blockClasses.get(type);
  if (classes === undefined) {
    classes = `fw-block fw-${type}-block`;
    blockClasses.set(type, classes);
  }
  return classes;
};

function blocksHtml(context: HtmlContext, ids: readonly NodeId[]): string {
  let out = '';
  const { children } = context.document;
  for (const id of ids) {
    const block = children[id];
    if (!block) continue;
    const open = wrapper(
      context,
      block.id,
      block.type,
      block.attributes.advanced,
      blockClassesOf(block.type),
      block.responsive,
    );
    out += `<div${open}>${rendererOf(block).html(block, context)}</div>`;
  }
  return out;
}

function rowHtml(context: HtmlContext, row: Row): string {
  const base = row.attributes.basic.sticky ? 'fw-row fw-sticky' : 'fw-row';
  let open = wrapper(context, row.id, 'row', row.attributes.advanced, base);
  if (context.editor)
    open += attributes({ 'data-label-title': row.labelTitle, 'data-label-color': row.labelColor });
  let columns = '';
  for (const column of row.cols)
    columns += `<div class="fw-col">${context.renderBlocks(column.children)}</div>`;
  return `<div${open}><div class="fw-row-inner">${columns}</div></div>`;
}

function sectionHtml(context: HtmlContext, section: Section): string {
  const { width, sticky } = section.attributes.basic;
  const base = `fw-section fw-section-${width}${sticky ? ' fw-sticky' : ''}`;
  let rows = '';
  for (const rowId of section.children) {
    const row = context.document.rows[rowId];
    if (row) rows += rowHtml(context, row);
  }
  return `<section${wrapper(context, section.id, 'section', section.attributes.advanced, base)}><div class="fw-section-inner">${rows}</div></section>`;
}

/** The page's HTML as `renderToString(<PageView document editor />)` writes it. */
export function pageHtml(document: EditorDocument, editor = false): string {
  const collector: HtmlCollector = { imagePreloads: new Set() };
  const context: HtmlContext = {
    document,
    editor,
    anchorOf: anchorsOf(document),
    collector,
    renderBlocks: (ids) => blocksHtml(context, ids),
  };
  const { settings } = document;
  let classes = editor ? 'fw-page fw-editor' : 'fw-page';
  for (const name of merchantClasses(settings.advanced.cssClasses)) classes += ` ${name}`;
  let sections = '';
  for (const section of document.content) sections += sectionHtml(context, section);
  const page = `<div${attributes({ class: classes, id: settings.advanced.id.trim() || undefined, dir: settings.direction })}>${sections}</div>`;
  return preloadLinks(collector) + page;
}

type Styles = { css: string; fonts: string[] };
const styleCache: Record<'published' | 'editor', WeakMap<EditorDocument, Styles>> = {
  published: new WeakMap(),
  editor: new WeakMap(),
};

/**
 * A document's CSS and fonts, worked out once per document object: they depend on the document alone,
 * and a document is never changed in place (every edit makes a new one).
 */
export function documentStyles(document: EditorDocument, editor = false): Styles {
  const cache = styleCache[editor ? 'editor' : 'published'];
  let styles = cache.get(document);
  if (!styles) {
    styles = { css: pageCss(document, editor), fonts: documentFonts(document) };
    cache.set(document, styles);
  }
  return styles;
}

/** `renderPage` with the string renderer: the same html, css and fonts, written without React. */
export function renderPageString(document: EditorDocument, options: RenderOptions = {}): RenderedPage {
  const editor = options.editor ?? false;
  const { css, fonts } = documentStyles(document, editor);
  return { html: pageHtml(document, editor), css, fonts };
}
