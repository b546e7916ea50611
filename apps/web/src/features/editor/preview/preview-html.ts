import { type EditorDocument, pageDocumentHtml, renderPageString } from '@funnelwork/blocks';
import type { DocumentCode } from '../state/editor-state.ts';

/**
 * The whole preview document for a sandboxed iframe: the rendered page, the page's custom CSS and custom
 * HTML. Head and body scripts are left out: they run only on the published page, never on the dashboard's
 * origin (the iframe has no allow-same-origin, and the dashboard's policy forbids inline scripts anyway).
 */
export function previewHtml(document: EditorDocument, code: DocumentCode, title: string): string {
  // The string renderer writes what renderToString would (string-renderer.test.ts), without bringing
  // react-dom/server into the dashboard's bundle.
  const page = renderPageString(document);
  const css = code.css.trim() ? `<style>${code.css.replace(/<\/style/gi, '<\\/style')}</style>` : '';
  return pageDocumentHtml({ ...page, html: page.html + code.html }, { title, head: css });
}

/** The sandbox of the preview iframe: scripts of the page's own blocks may run, but in an opaque origin. */
export const PREVIEW_SANDBOX = 'allow-scripts allow-forms allow-popups';
