import type { z } from 'zod';
import type { backgroundSchema, Spacing } from '../../catalogue/common.ts';
import { EMAIL_WIDTH, SECTION_WIDTHS } from '../../document/layouts.ts';
import type { EditorDocument, Row, Section } from '../../document/schema.ts';
import { cssColor, cssFontFamily, merchantClasses, px, round } from '../css.ts';
import { safeHref } from '../links.ts';
import { type EmailRenderContext, renderEmailBlocks } from './blocks.ts';
import { splitCustomCss } from './custom-css.ts';
import { mjml, percent, spacingAttribute } from './mjml-markup.ts';

/**
 * "Breakpoints: 480 and 1024 px for the email editor": mjml's one responsive breakpoint (columns stack
 * below it) is 480; the per-device visibility flags use both (mobile ≤ 480, tablets to 1024, desktop above).
 */
export const EMAIL_BREAKPOINTS = { mobile: 480, tablet: 1024 } as const;

type Background = z.infer<typeof backgroundSchema>;

export type EmailRenderOptions = {
  /** "Email default width 650, maximum 1200." The document's own width (its settings) unless given. */
  width?: number;
  /** The template's own CSS (the editor's Code Editor tab). */
  css?: string;
  /**
   * The app's public address, where the social block's icons are served (`/email-assets/social/…`).
   * Without it a social link shows its network's name, never an icon from a third party's host.
   */
  assetBase?: string;
};

/** The e-mail's width: 650 unless given, at most 1200 (and at least the mobile breakpoint). */
export function emailWidth(width: number | undefined): number {
  if (width === undefined || !Number.isFinite(width)) return EMAIL_WIDTH.default;
  return Math.round(Math.min(EMAIL_WIDTH.max, Math.max(EMAIL_BREAKPOINTS.mobile, width)));
}

/** The device visibility classes, and narrow sections at the page's own padding on phones. */
function responsiveCss(page: Spacing): string {
  return [
    `@media only screen and (max-width:${EMAIL_BREAKPOINTS.mobile}px){.fw-hide-mobile{display:none!important;mso-hide:all!important}}`,
    `@media only screen and (min-width:${EMAIL_BREAKPOINTS.mobile + 1}px) and (max-width:${EMAIL_BREAKPOINTS.tablet}px){.fw-hide-tablets{display:none!important;mso-hide:all!important}}`,
    `@media only screen and (min-width:${EMAIL_BREAKPOINTS.tablet + 1}px){.fw-hide-desktop{display:none!important;mso-hide:all!important}}`,
    `@media only screen and (max-width:${EMAIL_BREAKPOINTS.mobile}px){.fw-section-narrow>table>tbody>tr>td{padding-left:${px(page.left)}!important;padding-right:${px(page.right)}!important}}`,
  ].join('\n');
}

function backgroundAttributes(basic: Background): Record<string, string | undefined> {
  const url = basic.backgroundImage === '' ? undefined : safeHref(basic.backgroundImage);
  return {
    'background-color': cssColor(basic.backgroundColor),
    'background-url': url,
    'background-size': url === undefined ? undefined : basic.backgroundStyle,
    'background-position': url === undefined ? undefined : `${basic.backgroundPosition} center`,
    'background-repeat': url === undefined ? undefined : 'no-repeat',
  };
}

function classes(node: { attributes: { advanced: { cssClasses: string } } }, extra: string[] = []): string {
  return [...extra, ...merchantClasses(node.attributes.advanced.cssClasses)].join(' ');
}

function renderRow(row: Row, context: EmailRenderContext): string {
  const columns = row.cols
    .map((column) =>
      mjml(
        'mj-column',
        { width: percent(column.width), padding: '0px' },
        renderEmailBlocks(column.children, context),
      ),
    )
    .join('');
  return mjml(
    'mj-section',
    {
      ...backgroundAttributes(row.attributes.basic),
      padding: spacingAttribute(row.attributes.advanced.padding),
      'css-class': classes(row),
    },
    columns,
  );
}

/**
 * A section is an mj-wrapper of its rows. "section widths full 100%, wide 75%, half 50%": a narrower
 * section keeps the rest of the content width as side padding (dropped on phones).
 */
function renderSection(
  section: Section,
  context: EmailRenderContext,
  contentWidth: number,
  page: Spacing,
): string {
  const { basic, advanced } = section.attributes;
  const side = round((contentWidth * (100 - SECTION_WIDTHS[basic.width])) / 200);
  const rows = section.children
    .map((id) => context.document.rows[id])
    .filter((row): row is Row => row !== undefined)
    .map((row) => renderRow(row, context))
    .join('');
  const padding = advanced.padding;
  return mjml(
    'mj-wrapper',
    {
      ...backgroundAttributes(basic),
      // The page's side padding surrounds every section.
      padding: [
        padding.top,
        padding.right + side + page.right,
        padding.bottom,
        padding.left + side + page.left,
      ]
        .map(px)
        .join(' '),
      'css-class': classes(section, side > 0 ? ['fw-section-narrow'] : []),
    },
    rows,
  );
}

/** The page padding's top or bottom: an empty section of that height. */
function gap(height: number): string {
  if (height <= 0) return '';
  return mjml(
    'mj-section',
    { padding: '0px' },
    mjml('mj-column', {}, mjml('mj-spacer', { height: px(height) })),
  );
}

/**
 * An e-mail document as MJML: sections as mj-wrapper, rows as mj-section, columns as mj-column with
 * their widths, blocks as mjml components. "Default page padding: top 68, left and right 30, bottom 200
 * (email)"; "Default font Roboto 14, colour #252A32" — both read from the document's settings.
 */
export function renderEmailMjml(document: EditorDocument, options: EmailRenderOptions = {}): string {
  const width = emailWidth(options.width ?? document.settings.width);
  const { settings } = document;
  const { padding, font } = settings;
  const contentWidth = Math.max(0, width - padding.left - padding.right);
  const context: EmailRenderContext = {
    document,
    assetBase: options.assetBase,
    renderBlocks: renderEmailBlocks,
  };
  const sections = document.content.map((section) => renderSection(section, context, contentWidth, padding));
  const custom = splitCustomCss((options.css ?? '').replace(/<\/?(mj-|style|script)/gi, ''));
  const head = [
    mjml('mj-breakpoint', { width: px(EMAIL_BREAKPOINTS.mobile) }),
    mjml(
      'mj-attributes',
      {},
      mjml('mj-all', {
        'font-family': cssFontFamily(font.family),
        'font-size': px(font.size),
        color: cssColor(font.color),
      }) + mjml('mj-text', { 'line-height': '1.5', color: cssColor(font.color) }),
    ),
    mjml('mj-style', {}, responsiveCss(padding)),
    custom.inline === '' ? '' : mjml('mj-style', { inline: 'inline' }, custom.inline),
    custom.head === '' ? '' : mjml('mj-style', {}, custom.head),
  ].join('');
  const body = mjml(
    'mj-body',
    {
      width: px(width),
      'background-color': cssColor(settings.backgroundColor),
      'css-class': merchantClasses(settings.advanced.cssClasses).join(' '),
    },
    gap(padding.top) + sections.join('') + gap(padding.bottom),
  );
  return mjml(
    'mjml',
    { dir: settings.direction === 'rtl' ? 'rtl' : undefined },
    mjml('mj-head', {}, head) + body,
  );
}
