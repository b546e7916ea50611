import { renderToString } from 'react-dom/server';
import type { EditorDocument } from '../document/schema.ts';
import { documentFonts, PageView, pageCss } from './page.tsx';

export type RenderOptions = {
  /** The editor canvas: nodes carry data-node-id (and data-node-type) so the editor can select them. */
  editor?: boolean;
};

export type RenderedPage = {
  html: string;
  css: string;
  /** Font families the page uses, for the publisher to load. */
  fonts: string[];
};

/** A page document as HTML and CSS, with no editor code; interactive blocks carry data-* for hydration. */
export function renderPage(document: EditorDocument, options: RenderOptions = {}): RenderedPage {
  const editor = options.editor ?? false;
  return {
    html: renderToString(<PageView document={document} editor={editor} />),
    css: pageCss(document, editor),
    fonts: documentFonts(document),
  };
}

const escapeText = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A whole HTML document around a rendered page, for previews and thumbnails. */
export function pageDocumentHtml(
  page: RenderedPage,
  options: { title?: string; lang?: string; head?: string } = {},
): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeText(options.lang ?? 'en')}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeText(options.title ?? '')}</title>`,
    options.head ?? '',
    `<style>body{margin:0}\n${page.css}</style>`,
    '</head>',
    `<body>${page.html}</body>`,
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
