import { formatTimer } from '@funnelwork/domain/shared/timer';
import type { Advanced, Font } from '../../catalogue/common.ts';
import type { Responsive } from '../../catalogue/define-block.ts';
import type { LinkAction } from '../../catalogue/link-actions.ts';
import type { Block, BlockOf, BlockType } from '../../catalogue/registry.ts';
import type { EditorDocument } from '../../document/schema.ts';
import { cssColor, cssFontFamily, merchantClasses, px, textShadowCss, visibilityClasses } from '../css.ts';
import { sanitizeInlineHtml } from '../inline-html.ts';
import { safeHref } from '../links.ts';
import { escapeHtml } from '../string/html.ts';
import { sanitizeEmailHtml } from './email-html.ts';
import {
  addSpacing,
  borderRadius,
  borderShorthand,
  borderStyle,
  fontAttributes,
  fontStyle,
  type MjmlValue,
  mjml,
  percent,
  spacingAttribute,
  styleText,
} from './mjml-markup.ts';
import { EMAIL_SOCIAL_ICONS, emailSocialIconUrl } from './social-icons.ts';

/** What a block's MJML needs besides the block: the document (for nested blocks) and an enclosing box. */
export type EmailRenderContext = {
  document: EditorDocument;
  /** The background of an enclosing two-step form, painted behind each of its blocks. */
  background?: string;
  /** The enclosing two-step form's side padding, added to each of its blocks. */
  inset?: { left: number; right: number };
  /** The app's public address for the social icons; none draws each network as its name. */
  assetBase?: string;
};

type EmailBlockRenderer<K extends BlockType> = (block: BlockOf<K>, context: EmailRenderContext) => string;

/**
 * The blocks an e-mail draws. "Email blocks: spacer, button, headline, paragraph, image, video, link, social,
 * menu, timer, custom html, progress bar, product list, form element, payment form, two-step form"; "email
 * renderings exist for order bump, …"; form button and form spacer sit inside two-step forms.
 */
export type EmailBlockType =
  | 'spacer'
  | 'button'
  | 'headline'
  | 'paragraph'
  | 'image'
  | 'video'
  | 'link'
  | 'social'
  | 'menu'
  | 'timer'
  | 'customHtml'
  | 'progressBar'
  | 'productList'
  | 'formElement'
  | 'paymentForm'
  | 'twoStepForm'
  | 'orderBump'
  | 'formButton'
  | 'formSpacer';

/** The attributes every component of a block carries: its classes and the box background. */
function common(
  block: { attributes: { advanced: Advanced }; responsive: Responsive },
  context: EmailRenderContext,
  extraSpacing = true,
): Record<string, MjmlValue> {
  const { padding, margin, cssClasses } = block.attributes.advanced;
  const inset = { top: 0, bottom: 0, left: context.inset?.left ?? 0, right: context.inset?.right ?? 0 };
  return {
    padding: spacingAttribute(addSpacing(extraSpacing ? addSpacing(padding, margin) : margin, inset)),
    'css-class': [...visibilityClasses(block.responsive), ...merchantClasses(cssClasses)].join(' '),
    'container-background-color': cssColor(context.background),
  };
}

/** Only a URL action links in an e-mail: step, popup and page-element actions need the page. */
function actionHref(action: LinkAction): { href?: string; target?: string } {
  if (action.type !== 'goto-url') return {};
  const href = safeHref(action.url);
  if (href === undefined) return {};
  return action.target === '_blank' ? { href, target: '_blank' } : { href, target: '_self' };
}

function textBlock(
  block: { attributes: { advanced: Advanced }; responsive: Responsive },
  context: EmailRenderContext,
  font: Font,
  content: string,
  extra: Record<string, MjmlValue> = {},
): string {
  return mjml(
    'mj-text',
    { ...fontAttributes(font), align: font.align, ...common(block, context), ...extra },
    content,
  );
}

const richText: EmailBlockRenderer<'headline' | 'paragraph'> = (block, context) => {
  const { font, lineHeight, letterSpacing, backgroundColor, border } = block.attributes.basic;
  const box = borderStyle(border);
  const html = sanitizeInlineHtml(block.content ?? '');
  return textBlock(
    block,
    context,
    font,
    box === '' ? html : `<div style="${escapeHtml(box)}">${html}</div>`,
    {
      'line-height': String(lineHeight),
      'letter-spacing': letterSpacing === 0 ? undefined : px(letterSpacing),
      'container-background-color': cssColor(backgroundColor) ?? cssColor(context.background),
    },
  );
};

function divider(block: BlockOf<'spacer' | 'formSpacer'>, context: EmailRenderContext): string {
  const { widthNumber, color, style } = block.attributes.basic;
  return mjml('mj-divider', {
    'border-width': px(widthNumber.number),
    'border-color': cssColor(color),
    'border-style': style,
    ...common(block, context),
  });
}

const button: EmailBlockRenderer<'button'> = (block, context) => {
  const { headline, subHeadline, action, displayType, lineSpacing, backgroundColor, border, align } =
    block.attributes.basic;
  const sub =
    subHeadline.text === ''
      ? ''
      : `<br /><span style="${escapeHtml(fontStyle(subHeadline.font))}">${escapeHtml(subHeadline.text)}</span>`;
  return mjml(
    'mj-button',
    {
      ...actionHref(action),
      ...fontAttributes(headline.font),
      'background-color': cssColor(backgroundColor),
      border: borderShorthand(border) ?? 'none',
      'border-radius': borderRadius(border),
      'line-height': percent(lineSpacing * 100),
      align: align.desktop,
      width: displayType === 'block' ? '100%' : undefined,
      'inner-padding': spacingAttribute(block.attributes.advanced.padding),
      ...common(block, context, false),
    },
    escapeHtml(headline.text) + sub,
  );
};

const formButton: EmailBlockRenderer<'formButton'> = (block, context) => {
  const { label, font, backgroundColor, border, displayType, showPrivacyText, privacyText, privacyFont } =
    block.attributes.basic;
  const privacy =
    showPrivacyText && privacyText !== ''
      ? textBlock(block, context, privacyFont, escapeHtml(privacyText), {
          padding: `4px ${px(context.inset?.right ?? 0)} 0px ${px(context.inset?.left ?? 0)}`,
        })
      : '';
  return (
    mjml(
      'mj-button',
      {
        ...actionHref(block.attributes.basic.action),
        ...fontAttributes(font),
        'background-color': cssColor(backgroundColor),
        border: borderShorthand(border) ?? 'none',
        'border-radius': borderRadius(border),
        align: font.align === 'justify' ? 'center' : font.align,
        width: displayType === 'block' ? '100%' : undefined,
        'inner-padding': spacingAttribute(block.attributes.advanced.padding),
        ...common(block, context, false),
      },
      escapeHtml(label),
    ) + privacy
  );
};

const image: EmailBlockRenderer<'image'> = (block, context) => {
  const { url, alt, size, action, align, border } = block.attributes.basic;
  const src = safeHref(url);
  if (src === undefined) return '';
  return mjml('mj-image', {
    src,
    alt,
    ...actionHref(action),
    width: size.width === null ? undefined : px(size.width),
    height: size.height === null ? undefined : px(size.height),
    align: align.desktop,
    border: borderShorthand(border),
    'border-radius': borderRadius(border),
    ...common(block, context),
  });
};

/** "A video renders as its thumbnail linking to the video." */
const video: EmailBlockRenderer<'video'> = (block, context) => {
  const { url, thumbnail, size, align } = block.attributes.basic;
  const href = safeHref(url);
  const src = safeHref(thumbnail);
  if (src === undefined) {
    return href === undefined
      ? ''
      : textBlock(
          block,
          context,
          fontOf(context),
          `<a href="${escapeHtml(href)}" target="_blank">▶ ${escapeHtml(href)}</a>`,
          {
            align: align.desktop,
          },
        );
  }
  return mjml('mj-image', {
    src,
    alt: 'Video',
    href,
    target: href === undefined ? undefined : '_blank',
    width: size.width === null ? undefined : px(size.width),
    height: size.height === null ? undefined : px(size.height),
    align: align.desktop,
    ...common(block, context),
  });
};

function fontOf(context: EmailRenderContext): Font {
  return { ...context.document.settings.font, align: 'center' };
}

const link: EmailBlockRenderer<'link'> = (block, context) => {
  const { action, font, textShadows } = block.attributes.basic;
  const { href, target } = actionHref(action);
  const text = escapeHtml(block.content ?? '');
  const style = escapeHtml(
    styleText({
      color: cssColor(font.color),
      'text-decoration': fontAttributes(font)['text-decoration'] as string,
      'text-shadow': textShadowCss(textShadows),
    }),
  );
  const content =
    href === undefined
      ? `<span style="${style}">${text}</span>`
      : `<a href="${escapeHtml(href)}" target="${target}" style="${style}">${text}</a>`;
  return textBlock(block, context, font, content);
};

/** Known networks get mjml's own icons ("-noshare": the merchant's URL as it is, not a share link). */
/** mjml's networks, whose badge colour it knows; 'twitter' is the old name of 'x'. */
const ICON_OF: Readonly<Record<string, string>> = { twitter: 'x' };

/**
 * A network without an icon of ours: its title as a text link, in the inline table mj-social gives each
 * element (and Outlook's cell around it). mj-social-element would draw an empty icon box beside it.
 */
function socialTextLink(
  title: string,
  href: string | undefined,
  look: { align: string; color: string | undefined; gap: number; font: { family: string; size: number } },
): string {
  const style = escapeHtml(
    styleText({
      color: look.color,
      'font-family': cssFontFamily(look.font.family),
      'font-size': px(look.font.size),
      'text-decoration': 'none',
    }),
  );
  const text =
    href === undefined
      ? `<span style="${style}">${escapeHtml(title)}</span>`
      : `<a href="${escapeHtml(href)}" target="_blank" style="${style}">${escapeHtml(title)}</a>`;
  return mjml(
    'mj-raw',
    {},
    `<!--[if mso | IE]><td><![endif]--><table align="${escapeHtml(look.align)}" border="0" cellpadding="0" cellspacing="0" role="presentation" style="float:none;display:inline-table;"><tbody><tr><td style="padding:0px ${px(look.gap / 2)};vertical-align:middle;">${text}</td></tr></tbody></table><!--[if mso | IE]></td><![endif]-->`,
  );
}

const social: EmailBlockRenderer<'social'> = (block, context) => {
  const { items, color, iconSize, gap, align } = block.attributes.basic;
  const { assetBase } = context;
  const look = { align: align.desktop, color: cssColor(color), gap, font: context.document.settings.font };
  const elements = items
    .filter((item) => item.status)
    .map((item) => {
      const href = safeHref(item.url);
      const icon = ICON_OF[item.icon] ?? item.icon;
      if (assetBase === undefined || !(EMAIL_SOCIAL_ICONS as readonly string[]).includes(icon)) {
        return socialTextLink(item.title || item.icon, href, look);
      }
      return mjml(
        'mj-social-element',
        {
          // The name gives mjml's badge colour for the network; src keeps the icon on our own host.
          name: `${icon}-noshare`,
          src: emailSocialIconUrl(assetBase, icon),
          href,
          alt: item.title,
          title: item.title,
          target: '_blank',
        },
        '',
      );
    })
    .join('');
  if (elements === '') return '';
  return mjml(
    'mj-social',
    {
      mode: 'horizontal',
      align: align.desktop,
      'icon-size': px(iconSize),
      color: cssColor(color),
      'inner-padding': `0px ${px(gap / 2)}`,
      ...common(block, context),
    },
    elements,
  );
};

const menu: EmailBlockRenderer<'menu'> = (block, context) => {
  const { items, font, orientation, gap, align } = block.attributes.basic;
  const linkStyle = escapeHtml(
    styleText({
      color: cssColor(font.color),
      'text-decoration': fontAttributes(font)['text-decoration'] as string,
    }),
  );
  const links = items.map((item) => {
    const href = safeHref(item.url);
    const title = escapeHtml(item.title);
    return href === undefined
      ? `<span style="${linkStyle}">${title}</span>`
      : `<a href="${escapeHtml(href)}" style="${linkStyle}">${title}</a>`;
  });
  const content =
    orientation === 'vertical'
      ? links.map((item) => `<div style="padding-bottom:${px(gap)}">${item}</div>`).join('')
      : links.join(`<span style="display:inline-block;width:${px(gap)}"> </span>`);
  return textBlock(block, context, { ...font, align: align.desktop }, content);
};

const TIMER_PARTS = ['hours', 'minutes', 'seconds'] as const;

/**
 * Mail clients run no script, so the countdown is drawn once, as static text of the designed duration,
 * under "values under 10 are zero-padded; hours above 23 show 00; minutes or seconds above 60 show 60".
 */
const timer: EmailBlockRenderer<'timer'> = (block, context) => {
  const { labels, valueFont, labelFont, align } = block.attributes.basic;
  const display = formatTimer(block.attributes.basic);
  const cells = TIMER_PARTS.map(
    (part) =>
      `<td style="padding:0 8px;text-align:center"><div style="${escapeHtml(fontStyle(valueFont))}">${display[part]}</div><div style="${escapeHtml(fontStyle(labelFont))}">${escapeHtml(labels[part])}</div></td>`,
  ).join('');
  return textBlock(
    block,
    context,
    valueFont,
    `<table role="presentation" align="${align.desktop}" style="margin:${align.desktop === 'center' ? '0 auto' : '0'}"><tr>${cells}</tr></table>`,
    { align: align.desktop },
  );
};

/** "custom HTML: content, blockStyles" — scripts, frames and handlers stripped (see sanitizeEmailHtml). */
const customHtml: EmailBlockRenderer<'customHtml'> = (block, context) => {
  const html = sanitizeEmailHtml(block.content ?? '');
  if (html.trim() === '') return '';
  const { padding, margin, cssClasses } = block.attributes.advanced;
  // mjml's columns set font-size:0 around their cells, so the cell states the page font itself.
  const style = [
    styleText({ padding: spacingAttribute(addSpacing(padding, margin)) }),
    fontStyle({ ...context.document.settings.font, align: undefined }),
  ].join(';');
  const own = block.attributes.basic.blockStyles.replace(/[{}]/g, '').trim();
  const classes = [...visibilityClasses(block.responsive), ...merchantClasses(cssClasses)].join(' ');
  const classAttribute = classes === '' ? '' : ` class="${classes}"`;
  return mjml(
    'mj-raw',
    {},
    `<tr><td${classAttribute} style="${escapeHtml([style, own].filter(Boolean).join(';'))}">${html}</td></tr>`,
  );
};

/** The bar as nested tables (no CSS animation or stripes: mail clients show neither). */
const progressBar: EmailBlockRenderer<'progressBar'> = (block, context) => {
  const { value, progressColor1, progressColor2, backgroundColor, height, labelPosition, valueFont } =
    block.attributes.basic;
  const number = Math.min(100, Math.max(0, value.valueNumber.number));
  const label = value.labelText === '' ? `${number}%` : value.labelText;
  const first = cssColor(progressColor1);
  const second = cssColor(progressColor2) ?? first;
  const fill = styleText({
    'background-color': first,
    'background-image': first && second ? `linear-gradient(90deg, ${first}, ${second})` : undefined,
    height: px(height),
    'line-height': px(height),
    ...{ 'text-align': labelPosition },
  });
  const track = styleText({ 'background-color': cssColor(backgroundColor), height: px(height) });
  const bar =
    number === 0
      ? ''
      : `<table role="presentation" width="${number}%" cellpadding="0" cellspacing="0"><tr><td style="${escapeHtml(fill)}"><span style="${escapeHtml(fontStyle({ ...valueFont, align: undefined }))}">${escapeHtml(label)}</span></td></tr></table>`;
  return textBlock(
    block,
    context,
    valueFont,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td style="${escapeHtml(track)}">${bar}</td></tr></table>`,
  );
};

const productList: EmailBlockRenderer<'productList'> = (block, context) => {
  const { entries, titleFont, priceFont, selectionType } = block.attributes.basic;
  // The page's choice as a mark: the first of a single choice is chosen, as on the page.
  const mark = (index: number) =>
    selectionType === 'qty' ? '' : selectionType === 'multi' ? '☐ ' : index === 0 ? '◉ ' : '◯ ';
  const rows = entries
    .map(
      (entry, index) =>
        `<tr><td style="${escapeHtml(fontStyle(titleFont))};padding:6px 0">${mark(index)}${escapeHtml(entry.title)}</td><td style="${escapeHtml(fontStyle(priceFont))};padding:6px 8px;white-space:nowrap">${entry.pcs} pcs</td><td style="${escapeHtml(fontStyle({ ...priceFont, align: 'right' }))};padding:6px 0;white-space:nowrap">${entry.price.toFixed(2)}</td></tr>`,
    )
    .join('');
  if (rows === '') return '';
  const { 'font-family': family, 'font-size': size, color } = fontAttributes(titleFont);
  return mjml(
    'mj-table',
    { 'font-family': family, 'font-size': size, color, ...common(block, context) },
    rows,
  );
};

/** A field's look without a form: mail clients do not post forms. */
function fieldBox(
  basic: { backgroundColor: string; border: BlockOf<'formElement'>['attributes']['basic']['border'] },
  font: Font,
  text: string,
): string {
  const style = styleText({
    'background-color': cssColor(basic.backgroundColor),
    padding: '10px 12px',
  });
  return `<div style="${escapeHtml([style, borderStyle(basic.border), fontStyle({ ...font, align: 'left' })].filter(Boolean).join(';'))}">${text === '' ? '&nbsp;' : escapeHtml(text)}</div>`;
}

function fieldLabel(text: string, font: Font, required: boolean): string {
  return `<div style="${escapeHtml(fontStyle(font))};padding-bottom:4px">${escapeHtml(text)}${required ? ' *' : ''}</div>`;
}

const formElement: EmailBlockRenderer<'formElement'> = (block, context) => {
  const basic = block.attributes.basic;
  const label = basic.showLabel ? fieldLabel(basic.label, basic.labelFont, basic.required) : '';
  let field: string;
  switch (basic.inputType) {
    case 'checkbox':
      field = `<div style="${escapeHtml(fontStyle(basic.inputFont))}">☐ ${escapeHtml(basic.placeholder || basic.label)}</div>`;
      break;
    case 'radio':
      field = basic.options
        .map(
          (option) =>
            `<div style="${escapeHtml(fontStyle(basic.inputFont))}">◯ ${escapeHtml(option.label)}</div>`,
        )
        .join('');
      break;
    case 'select':
      field = fieldBox(basic, basic.inputFont, `${basic.placeholder || basic.options[0]?.label || ''} ▾`);
      break;
    case 'double':
      field =
        fieldBox(basic, basic.inputFont, basic.placeholder) +
        fieldBox(basic, basic.inputFont, basic.placeholder);
      break;
    default:
      field = fieldBox(basic, basic.inputFont, basic.placeholder);
  }
  return textBlock(block, context, basic.inputFont, label + field);
};

/** The card fields of the page's payment form, as a placeholder of their look. */
const PAYMENT_FIELDS = [
  { label: 'Card number', placeholder: '1234 1234 1234 1234' },
  { label: 'Expiry date', placeholder: 'MM / YY' },
  { label: 'CVC', placeholder: 'CVC' },
] as const;

const paymentForm: EmailBlockRenderer<'paymentForm'> = (block, context) => {
  const basic = block.attributes.basic;
  const content = PAYMENT_FIELDS.map(
    (field) =>
      (basic.showLabels ? fieldLabel(field.label, basic.labelFont, false) : '') +
      fieldBox(basic, basic.inputFont, field.placeholder),
  ).join('<div style="height:8px"></div>');
  return textBlock(block, context, basic.inputFont, content);
};

const orderBump: EmailBlockRenderer<'orderBump'> = (block, context) => {
  const { selected, headline, content, headlineFont, contentFont, backgroundColor, border } =
    block.attributes.basic;
  const box = styleText({
    'background-color': cssColor(backgroundColor),
    padding: spacingAttribute(block.attributes.advanced.padding),
  });
  const text =
    content === '' ? '' : `<div style="${escapeHtml(fontStyle(contentFont))}">${escapeHtml(content)}</div>`;
  return textBlock(
    {
      ...block,
      attributes: {
        ...block.attributes,
        advanced: { ...block.attributes.advanced, padding: { top: 0, right: 0, bottom: 0, left: 0 } },
      },
    },
    context,
    contentFont,
    `<div style="${escapeHtml([box, borderStyle(border)].filter(Boolean).join(';'))}"><div style="${escapeHtml(fontStyle(headlineFont))}">${selected ? '☑' : '☐'} ${escapeHtml(headline)}</div>${text}</div>`,
  );
};

/** Both steps one after the other, each under its header, on the form's background. */
const twoStepForm: EmailBlockRenderer<'twoStepForm'> = (block, context) => {
  const { header, titleFont, subtitleFont, backgroundColor } = block.attributes.basic;
  const padding = block.attributes.advanced.padding;
  const inner: EmailRenderContext = {
    ...context,
    background: cssColor(backgroundColor) ?? context.background,
    inset: { left: padding.left, right: padding.right },
  };
  const steps = header
    .map((step) => {
      const children = step.step === 1 ? block.step1Children : block.step2Children;
      const title = textBlock(
        block,
        context,
        titleFont,
        `${escapeHtml(step.title)}<div style="${escapeHtml(fontStyle(subtitleFont))}">${escapeHtml(step.subtitle)}</div>`,
        {
          padding: `${px(padding.top)} ${px(padding.right)} 8px ${px(padding.left)}`,
          'container-background-color': inner.background,
        },
      );
      return title + renderEmailBlocks(children, inner);
    })
    .join('');
  const bottom =
    padding.bottom > 0
      ? mjml('mj-spacer', { height: px(padding.bottom), 'container-background-color': inner.background })
      : '';
  return steps + bottom;
};

const RENDERERS: { [K in EmailBlockType]: EmailBlockRenderer<K> } = {
  spacer: divider,
  formSpacer: divider,
  button,
  formButton,
  headline: richText,
  paragraph: richText,
  image,
  video,
  link,
  social,
  menu,
  timer,
  customHtml,
  progressBar,
  productList,
  formElement,
  paymentForm,
  twoStepForm,
  orderBump,
};

export const EMAIL_RENDERER_TYPES = Object.keys(RENDERERS) as EmailBlockType[];

function isEmailRendered(type: BlockType): type is EmailBlockType {
  return Object.hasOwn(RENDERERS, type);
}

/** One block as MJML components; a block the e-mail palette does not have renders nothing. */
export function renderEmailBlock(block: Block, context: EmailRenderContext): string {
  if (!isEmailRendered(block.type)) return '';
  const render = RENDERERS[block.type] as EmailBlockRenderer<EmailBlockType>;
  return render(block as BlockOf<EmailBlockType>, context);
}

export function renderEmailBlocks(ids: readonly number[], context: EmailRenderContext): string {
  let out = '';
  for (const id of ids) {
    const block = context.document.children[id];
    if (block) out += renderEmailBlock(block, context);
  }
  return out;
}
