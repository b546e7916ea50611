import { CorruptDocumentError, type EditorDocument, migrateDocument, renderPage } from '@funnelwork/blocks';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pages, popups } from '../db/schema/index.ts';
import type { TrackingCode } from './site-data.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Text placed inside a <style> or <script> element cannot close it. */
const inElement = (text: string, tag: 'style' | 'script') =>
  text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');

/** Fonts every device has: never fetched from the web-font service. */
const SYSTEM_FONTS = new Set([
  'arial',
  'helvetica',
  'verdana',
  'tahoma',
  'trebuchet ms',
  'times new roman',
  'georgia',
  'garamond',
  'courier new',
  'system-ui',
  'sans-serif',
  'serif',
  'monospace',
  'inherit',
]);

export function fontsLink(families: string[]): string {
  const web = families.filter((f) => f !== '' && !SYSTEM_FONTS.has(f.toLowerCase()));
  if (web.length === 0) return '';
  const query = web.map((f) => `family=${encodeURIComponent(f).replace(/%20/g, '+')}:wght@400;700`).join('&');
  return [
    '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>',
    `<link rel="stylesheet" href="https://fonts.googleapis.com/css2?${query}&amp;display=swap">`,
  ].join('\n');
}

/** A merchant's script: markup as written when it already holds tags, else JavaScript wrapped in <script>. */
export function scriptSnippet(code: string): string {
  const text = code.trim();
  if (text === '') return '';
  return text.startsWith('<') ? text : `<script>${inElement(text, 'script')}</script>`;
}

/** Every popup a document's show-popup actions open. */
export function popupIdsOf(document: EditorDocument): number[] {
  const ids = new Set<number>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      if (record.type === 'show-popup' && typeof record.popupId === 'number') ids.add(record.popupId);
      Object.values(record).forEach(visit);
    }
  };
  for (const block of Object.values(document.children)) visit(block.attributes);
  return [...ids].sort((a, b) => a - b);
}

/**
 * A popup's HTML and CSS with its node classes renamed (fw-n12 → fw-p3n12), so a popup and the page
 * that shows it never share a rule even when their documents reuse node ids.
 */
function renderPopup(id: number, config: unknown, css: string): { html: string; css: string } | null {
  let document: EditorDocument;
  try {
    document = migrateDocument(config, { kind: 'page' });
  } catch {
    return null;
  }
  const rendered = renderPage(document);
  const rename = (text: string) => text.replace(/fw-n(\d+)/g, `fw-p${id}n$1`);
  const scope = `[data-popup-id="${id}"]`;
  const ownCss = rename(rendered.css).replace(/(^|[},])\s*\.fw-page/g, `$1${scope} .fw-page`);
  return {
    html: `<div class="fw-popup" data-popup-id="${id}" hidden role="dialog" aria-modal="true"><div class="fw-popup-box"><button type="button" class="fw-popup-close" data-action="close-popup" aria-label="Close">×</button>${rename(rendered.html)}</div></div>`,
    css: `${ownCss}\n${css}`,
  };
}

const RUNTIME_CSS = `body{margin:0}
.fw-popup{position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.55);padding:16px}
.fw-popup[hidden]{display:none}
.fw-popup-box{position:relative;max-width:720px;width:100%;max-height:90vh;overflow:auto;background:#fff;border-radius:8px}
.fw-popup-close{position:absolute;top:4px;right:8px;border:0;background:none;font-size:28px;cursor:pointer;z-index:1}
.fw-field-error{color:#c92a2a;font-size:13px;margin-top:4px}
.fw-input[aria-invalid=true]{border-color:#c92a2a!important}`;

export type PageContext = {
  pageId: number;
  stepId: number;
  funnelId: number;
  /** The next step's address, or null on the last step. */
  nextUrl: string | null;
  /** The funnel's currency (ISO code), for prices the page's script formats; null when unset. */
  currency?: string | null;
  trackingCodes: TrackingCode[];
  runtimeScriptUrl: string;
};

export class PageUnavailableError extends Error {}

/** A published page as a whole HTML document (variant- and visitor-independent, so it is cached). */
export async function renderPublishedPage(db: Db, accountId: number, context: PageContext): Promise<string> {
  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.accountId, accountId), eq(pages.id, context.pageId)));
  if (!page) throw new PageUnavailableError('page not found');
  let document: EditorDocument;
  try {
    document = migrateDocument(page.config, { kind: 'page' });
  } catch (error) {
    if (error instanceof CorruptDocumentError) throw new PageUnavailableError(error.message);
    throw error;
  }
  const rendered = renderPage(document, { editor: false });
  const popupIds = popupIdsOf(document);
  const popupRows =
    popupIds.length === 0
      ? []
      : await db
          .select()
          .from(popups)
          .where(and(eq(popups.accountId, accountId), inArray(popups.id, popupIds)));
  const renderedPopups = popupRows.flatMap((row) => renderPopup(row.id, row.config, row.css) ?? []);

  const codes = (position: 'head' | 'body') =>
    context.trackingCodes
      .filter((c) => c.position === position)
      // Account-wide codes first, then the funnel's.
      .sort((a, b) => Number(a.funnelId !== null) - Number(b.funnelId !== null))
      .map((c) => scriptSnippet(c.code))
      .filter(Boolean)
      .join('\n');
  const data = {
    pageId: context.pageId,
    stepId: context.stepId,
    funnelId: context.funnelId,
    nextUrl: context.nextUrl,
    currency: context.currency ?? null,
    optinUrl: '/_fw/optin',
  };
  const title = page.seoTitle.trim() || page.name;
  const css = [rendered.css, ...renderedPopups.map((p) => p.css), RUNTIME_CSS, page.css]
    .filter((part) => part.trim() !== '')
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    page.seoDescription.trim() &&
      `<meta name="description" content="${escapeHtml(page.seoDescription.trim())}">`,
    page.seoKeywords.trim() && `<meta name="keywords" content="${escapeHtml(page.seoKeywords.trim())}">`,
    fontsLink(rendered.fonts),
    `<style>${inElement(css, 'style')}</style>`,
    `<script type="application/json" id="fw-data">${inElement(JSON.stringify(data), 'script')}</script>`,
    `<script src="${escapeHtml(context.runtimeScriptUrl)}" defer></script>`,
    codes('head'),
    scriptSnippet(page.headJs),
    '</head>',
    '<body>',
    rendered.html,
    ...renderedPopups.map((p) => p.html),
    page.html,
    codes('body'),
    scriptSnippet(page.bodyJs),
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The small branded page for addresses that publish nothing. */
export function notFoundHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f8f9fa;color:#212529;display:flex;min-height:100vh;align-items:center;justify-content:center;text-align:center}h1{font-size:28px;margin:0 0 8px}p{margin:0 0 24px;color:#495057}small{color:#868e96}</style>
</head><body><main><h1>Page not found</h1><p>This page does not exist or is no longer published.</p><small>Published with Funnelwork</small></main></body></html>`;
}
