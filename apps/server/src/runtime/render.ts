import {
  CorruptDocumentError,
  documentStyles,
  type EditorDocument,
  escapeHtml,
  migrateDocument,
  namedProductIds,
  pageHtml,
  renderPage,
  SYSTEM_FONT_FAMILIES,
  withSellableProducts,
} from '@funnelwork/blocks';
import {
  type CheckoutGatewayRow,
  checkoutPaymentForms,
  PAYPAL_CHECKOUT_GATEWAY_ID,
  TEST_MODE_CHECKOUT_NOTICE,
  takesTestPaymentsOnly,
} from '@funnelwork/domain/gateways/checkout-gateway';
import { and, eq, inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';
import { pages, pageVersions, popups } from '../db/schema/index.ts';
import { STRIPE_GATEWAY_ID } from '../gateways/stripe.ts';
import { contentColumns } from '../modules/steps/steps.templates.ts';
import { loadStepCatalogue } from './checkout/page-context.ts';
import { webFonts } from './fonts.ts';
import type { TrackingCode } from './site-data.ts';

/** Text placed inside a <style> or <script> element cannot close it. */
const inElement = (text: string, tag: 'style' | 'script') =>
  text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');

/** Fonts every device has (those the editor offers, and others a merchant may type): never fetched. */
const SYSTEM_FONTS = new Set([
  ...SYSTEM_FONT_FAMILIES.map((family) => family.toLowerCase()),
  'verdana',
  'tahoma',
  'trebuchet ms',
  'garamond',
  'courier new',
  'system-ui',
  'sans-serif',
  'serif',
  'monospace',
  'inherit',
]);

/**
 * The links that load a page's web fonts: the fonts the editor offers come from Funnelwork itself
 * (`/_fw/fonts/`, see fonts.ts); a family a merchant typed that Funnelwork does not host is still asked
 * of Google Fonts, as before, so such a page keeps its look.
 */
export function fontsLink(families: string[]): string {
  const fonts = webFonts();
  const web = families.filter((f) => f !== '' && !SYSTEM_FONTS.has(f.toLowerCase()));
  const links: string[] = [];
  const other: string[] = [];
  for (const family of web) {
    const font = fonts.hosted(family);
    if (font) links.push(`<link rel="stylesheet" href="${font.stylesheet}">`);
    else other.push(family);
  }
  if (other.length > 0) {
    const query = other
      .map((f) => `family=${encodeURIComponent(f).replace(/%20/g, '+')}:wght@400;700`)
      .join('&');
    links.push(
      '<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>',
      `<link rel="stylesheet" href="https://fonts.googleapis.com/css2?${query}&amp;display=swap">`,
    );
  }
  return links.join('\n');
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

const renameNodes = (id: number, text: string) => text.replace(/fw-n(\d+)/g, `fw-p${id}n$1`);

/** A popup of a page, read once per page version: its document and its finished CSS. */
type PreparedPopup = { id: number; document: EditorDocument; css: string };

/**
 * A popup's CSS with its node classes renamed (fw-n12 → fw-p3n12) and scoped to the popup, so a popup
 * and the page that shows it never share a rule even when their documents reuse node ids.
 */
function preparePopup(id: number, config: unknown, css: string): PreparedPopup | null {
  let document: EditorDocument;
  try {
    document = migrateDocument(config, { kind: 'page' });
  } catch {
    return null;
  }
  const scope = `[data-popup-id="${id}"]`;
  const ownCss = renameNodes(id, documentStyles(document).css).replace(
    /(^|[},])\s*\.fw-page/g,
    `$1${scope} .fw-page`,
  );
  return { id, document, css: `${ownCss}\n${css}` };
}

/** A popup's HTML (the string renderer, node classes renamed as in its CSS). */
function popupHtml(popup: PreparedPopup, html: (document: EditorDocument) => string): string {
  return `<div class="fw-popup" data-popup-id="${popup.id}" hidden role="dialog" aria-modal="true"><div class="fw-popup-box"><button type="button" class="fw-popup-close" data-action="close-popup" aria-label="Close">×</button>${renameNodes(popup.id, html(popup.document))}</div></div>`;
}

const RUNTIME_CSS = `body{margin:0}
.fw-popup{position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.55);padding:16px}
.fw-popup[hidden]{display:none}
.fw-popup-box{position:relative;max-width:720px;width:100%;max-height:90vh;overflow:auto;background:#fff;border-radius:8px}
.fw-popup-close{position:absolute;top:4px;right:8px;border:0;background:none;font-size:28px;cursor:pointer;z-index:1}
.fw-field-error{color:#c92a2a;font-size:13px;margin-top:4px}
.fw-payment-notice{grid-column:1/-1;margin:0 0 12px;padding:10px 12px;border-radius:6px;background:#fff4e6;border:1px solid #ffc078;color:#7a3d00;font-size:14px}
.fw-input[aria-invalid=true]{border-color:#c92a2a!important}
.fw-placed-order{margin:0 0 16px;padding:16px;border-radius:8px;background:#ebfbee;border:1px solid #8ce99a;color:#1b4332;font-size:15px}
.fw-placed-order p{margin:0 0 8px}.fw-placed-order-title{font-weight:600;font-size:17px}
.fw-placed-order a,.fw-placed-order button{display:inline-block;margin:8px 12px 0 0;padding:10px 16px;border-radius:6px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.fw-placed-order a{background:#2b8a3e;color:#fff;border:1px solid #2b8a3e}.fw-placed-order button{background:#fff;color:#1b4332;border:1px solid #2b8a3e}`;

export type PageContext = {
  pageId: number;
  stepId: number;
  funnelId: number;
  /** The next step's address, or null on the last step. */
  nextUrl: string | null;
  /** The funnel's codes; the same array object again lets its snippets be reused (see codeSnippets). */
  /** The funnel's currency (ISO code), for prices the page's script formats; null when unset. */
  currency?: string | null;
  trackingCodes: TrackingCode[];
  /** The account's payment gateways: a checkout that charges through the Sandbox says so. */
  accountGateways: readonly CheckoutGatewayRow[];
  /** Stripe.js and the account's publishable key, when Stripe is connected. */
  stripe?: { publishableKey: string; scriptUrl: string } | null;
  /** PayPal's JS SDK and the account's client id (public: the SDK runs with it), when PayPal is connected. */
  paypal?: { clientId: string; sdkUrl: string } | null;
  runtimeScriptUrl: string;
  /** The page reports its views (the script's beacon, a <noscript> pixel); false: the server counted it. */
  views?: boolean;
  /** The string renderer (default) or React's renderToString, for comparing them (bench/published.ts). */
  renderer?: 'string' | 'react';
};

export class PageUnavailableError extends Error {}

/**
 * Everything of a published page that depends on its stored row and popups alone, read, migrated and
 * validated once per page version: the document (its CSS and fonts are worked out once per document),
 * the popups, the head up to the style sheet and the page's own HTML and scripts.
 */
export type PreparedPage = {
  document: EditorDocument;
  popups: PreparedPopup[];
  /** From `<!doctype html>` to the end of the `<style>` element, as UTF-8 bytes (copied, never encoded again). */
  head: Buffer;
  /** The page's custom head script, after the tracking codes. */
  headJs: string;
  /** The page's custom HTML and body script, after the popups (the body codes go between). */
  bodyHtml: string;
  bodyJs: string;
};

/** Prepared pages by account, page id, version and site generation (see runtime.ts). */
export type PreparedPageCache = LRUCache<string, PreparedPage>;

export function createPreparedPageCache(): PreparedPageCache {
  return new LRUCache<string, PreparedPage>({ max: 2_000 });
}

/** The page as shoppers get it: its published version's content (never the draft). */
async function publishedContent(db: Db, accountId: number, pageId: number) {
  const [row] = await db
    .select({ name: pages.name, stepId: pages.stepId, content: pageVersions.content })
    .from(pages)
    .innerJoin(
      pageVersions,
      and(eq(pageVersions.id, pages.publishedVersionId), eq(pageVersions.accountId, pages.accountId)),
    )
    .where(and(eq(pages.accountId, accountId), eq(pages.id, pageId)));
  if (!row) throw new PageUnavailableError('page not published');
  return { name: row.name, stepId: row.stepId, ...contentColumns(row.content) };
}

async function preparePage(db: Db, accountId: number, pageId: number): Promise<PreparedPage> {
  const page = await publishedContent(db, accountId, pageId);
  let stored: EditorDocument;
  try {
    stored = migrateDocument(page.config, { kind: 'page' });
  } catch (error) {
    if (error instanceof CorruptDocumentError) throw new PageUnavailableError(error.message);
    throw error;
  }
  // The shopper sees the products the page sells, never a template's placeholders (the cache key's
  // account generation moves with every product change made through the API).
  const catalogue = await loadStepCatalogue(db, accountId, page.stepId, namedProductIds(stored));
  const document = withSellableProducts(stored, catalogue, 'shopper');
  const styles = documentStyles(document);
  const popupIds = popupIdsOf(document);
  const popupRows =
    popupIds.length === 0
      ? []
      : await db
          .select()
          .from(popups)
          .where(and(eq(popups.accountId, accountId), inArray(popups.id, popupIds)));
  const prepared = popupRows.flatMap((row) => preparePopup(row.id, row.config, row.css) ?? []);
  const title = page.seoTitle.trim() || page.name;
  const css = [styles.css, ...prepared.map((p) => p.css), RUNTIME_CSS, page.css]
    .filter((part) => part.trim() !== '')
    .join('\n');
  const head = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    page.seoDescription.trim() &&
      `<meta name="description" content="${escapeHtml(page.seoDescription.trim())}">`,
    page.seoKeywords.trim() && `<meta name="keywords" content="${escapeHtml(page.seoKeywords.trim())}">`,
    fontsLink(styles.fonts),
    `<style>${inElement(css, 'style')}</style>`,
  ]
    .filter((line) => line !== '')
    .join('\n');
  return {
    document,
    popups: prepared,
    head: Buffer.from(head),
    headJs: scriptSnippet(page.headJs),
    bodyHtml: page.html,
    bodyJs: scriptSnippet(page.bodyJs),
  };
}

type Snippets = { head: string; body: string };
const snippetCache = new WeakMap<TrackingCode[], Snippets>();

/** The tracking codes' markup per position (account-wide codes first), once per list of codes. */
export function codeSnippets(codes: TrackingCode[]): Snippets {
  let snippets = snippetCache.get(codes);
  if (!snippets) {
    const of = (position: 'head' | 'body') =>
      codes
        .filter((c) => c.position === position)
        .sort((a, b) => Number(a.funnelId !== null) - Number(b.funnelId !== null))
        .map((c) => scriptSnippet(c.code))
        .filter(Boolean)
        .join('\n');
    snippets = { head: of('head'), body: of('body') };
    snippetCache.set(codes, snippets);
  }
  return snippets;
}

/**
 * A published page as a whole HTML document in UTF-8 bytes, as it is sent (variant- and
 * visitor-independent, so it is cached). The page's HTML is rendered by the string renderer on every
 * call; what depends only on the stored page comes from `cache` under `cacheKey` (page id, version and
 * site generation) when both are given, its head (with the style sheet, most of the bytes) already
 * encoded.
 */
export async function renderPublishedPage(
  db: Db,
  accountId: number,
  context: PageContext,
  prepared?: { cache: PreparedPageCache; key: string },
): Promise<Buffer> {
  let page = prepared?.cache.get(prepared.key);
  if (!page) {
    page = await preparePage(db, accountId, context.pageId);
    prepared?.cache.set(prepared.key, page);
  }
  const codes = codeSnippets(context.trackingCodes);
  const data = {
    pageId: context.pageId,
    stepId: context.stepId,
    funnelId: context.funnelId,
    nextUrl: context.nextUrl,
    currency: context.currency ?? null,
    optinUrl: '/_fw/optin',
    viewUrl: context.views ? '/_fw/view' : null,
    // Shown by the payment form's script; the page's own payment methods come before the account's.
    paymentNotice: takesTestPaymentsOnly(context.accountGateways, page.document.settings.paymentMethods ?? [])
      ? TEST_MODE_CHECKOUT_NOTICE
      : null,
    gateway: pageGateway(context, page.document.settings.paymentMethods ?? []),
  };
  const html =
    context.renderer === 'react' ? (document: EditorDocument) => renderPage(document).html : pageHtml;
  let popupsHtml = '';
  for (const popup of page.popups) popupsHtml += `\n${popupHtml(popup, html)}`;
  // The head ends with its style element; the rest starts on the next line.
  const rest = `\n${[
    `<script type="application/json" id="fw-data">${inElement(JSON.stringify(data), 'script')}</script>`,
    `<script src="${escapeHtml(context.runtimeScriptUrl)}" defer></script>`,
    codes.head,
    page.headJs,
    '</head>',
    '<body>',
    html(page.document) + popupsHtml,
    context.views
      ? `<noscript><img src="/_fw/view.gif?page_id=${context.pageId}" alt="" width="1" height="1" style="position:absolute"></noscript>`
      : '',
    page.bodyHtml,
    codes.body,
    page.bodyJs,
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n')}`;
  // The head's bytes, then the rest encoded straight after them: one buffer, one copy of the head.
  const restBytes = Buffer.byteLength(rest);
  const bytes = Buffer.allocUnsafe(page.head.length + restBytes);
  page.head.copy(bytes, 0);
  bytes.write(rest, page.head.length);
  return bytes;
}

/**
 * The gateway the page's payment form works with (the one the checkout charges), and for Stripe the
 * script and publishable key its card element needs. Card data then goes to the gateway's own frames.
 */
function pageGateway(context: PageContext, pageMethods: readonly number[]) {
  const forms = checkoutPaymentForms(context.accountGateways, pageMethods);
  const id = forms.card ?? PAYPAL_CHECKOUT_GATEWAY_ID;
  const stripe = id === STRIPE_GATEWAY_ID ? context.stripe : null;
  const paypal = forms.paypal && context.paypal ? context.paypal : null;
  return {
    id,
    publishableKey: stripe?.publishableKey ?? null,
    scriptUrl: stripe?.scriptUrl ?? null,
    // PayPal's buttons beside the card form (or alone when `id` is PayPal's).
    paypal: paypal ? { clientId: paypal.clientId, sdkUrl: paypal.sdkUrl } : null,
  };
}

/** The published site's page for a funnel (or step) its merchant has not published: 404, not the dashboard's. */
export function notAvailableHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not available</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f8f9fa;color:#212529;display:flex;min-height:100vh;align-items:center;justify-content:center;text-align:center;padding:0 16px}h1{font-size:28px;margin:0 0 8px}p{margin:0 0 24px;color:#495057}small{color:#868e96}</style>
</head><body><main><h1>This page is not available</h1><p>It is not published at the moment. Please check back later.</p><small>Published with Funnelwork</small></main></body></html>`;
}

/** The small branded page for addresses that publish nothing. */
export function notFoundHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f8f9fa;color:#212529;display:flex;min-height:100vh;align-items:center;justify-content:center;text-align:center}h1{font-size:28px;margin:0 0 8px}p{margin:0 0 24px;color:#495057}small{color:#868e96}</style>
</head><body><main><h1>Page not found</h1><p>This page does not exist or is no longer published.</p><small>Published with Funnelwork</small></main></body></html>`;
}
