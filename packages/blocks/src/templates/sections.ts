import { PLACEHOLDER_URL_BASE } from '../attention/placeholder-links.ts';
import type { LinkAction } from '../catalogue/link-actions.ts';
import type { NodeId } from '../document/ids.ts';
import type { Slot } from '../document/structure.ts';
import { pad, type TemplateBuilder } from './builder.ts';
import { button, COLORS, card, eyebrow, headline, paragraph } from './kit.ts';

/**
 * Page pieces the funnel-kit templates are composed of. Each one sets its blocks' mobile behaviour: text
 * stays centred or left as on desktop, buttons and timers centre on phones, decorative pictures beside a
 * form hide on phones so the form is the first thing a shopper sees.
 */

/** The drawings shipped in `packages/blocks/assets/template-images` (CC0), served at `/_fw/template-images/`. */
export type TemplateImage =
  | 'ebook-cover'
  | 'checklist'
  | 'course-laptop'
  | 'book'
  | 'headphones'
  | 'host-portrait'
  | 'calendar'
  | 'video-poster';

export const TEMPLATE_IMAGE_PATH = '/_fw/template-images/';
export const templateImageUrl = (name: TemplateImage) => `${TEMPLATE_IMAGE_PATH}${name}.svg`;

/** A link the merchant must set (a course, a download, a calendar): flagged in the editor until changed. */
export const placeholderLink = (path: string): LinkAction => ({
  type: 'goto-url',
  url: `${PLACEHOLDER_URL_BASE}/${path}`,
  target: '_self',
});

const CENTER = { desktop: 'center', tablets: 'center', mobile: 'center' } as const;

export function picture(
  b: TemplateBuilder,
  slot: Slot,
  name: TemplateImage,
  alt: string,
  size: { width: number; height: number },
  options: { hideOnMobile?: boolean; aboveFold?: boolean; margin?: number } = {},
): NodeId {
  const id = b.block(slot, 'image', {
    attributes: {
      basic: {
        url: templateImageUrl(name),
        alt,
        size,
        fit: 'contain',
        // The first picture of a page is its largest paint: it loads at once.
        lazyload: !options.aboveFold,
        align: CENTER,
      },
      advanced: { margin: pad(0, 0, options.margin ?? 16, 0) },
    },
  });
  if (options.hideOnMobile) b.responsive(id, { mobile: false });
  return id;
}

/** A centred call to action, full width on phones. */
export function cta(
  b: TemplateBuilder,
  slot: Slot,
  text: string,
  action: LinkAction,
  options: { sub?: string; color?: string; hover?: string; fill?: boolean } = {},
): NodeId {
  const id = button(b, slot, text, action, { size: 19, ...options });
  b.update<'button'>(id, { attributes: { basic: { align: CENTER } } });
  return id;
}

export function checklist(
  b: TemplateBuilder,
  slot: Slot,
  items: readonly string[],
  color: string = COLORS.text,
) {
  return paragraph(b, slot, items.map((item) => `✓  ${item}`).join('\n'), {
    font: { size: 16, color },
    lineHeight: 1.9,
    marginBottom: 20,
  });
}

/** A thin top bar: the brand, or an urgent notice. */
export function topBar(b: TemplateBuilder, text: string, background: string = COLORS.navy) {
  const bar = b.section({ basic: { backgroundColor: background }, advanced: { padding: pad(14, 20) } });
  const [slot] = b.row(bar);
  headline(b, slot!, text, 15, {
    font: { color: COLORS.white, align: 'center' },
    letterSpacing: 1,
    marginBottom: 0,
  });
}

type HeroText = { eyebrow: string; title: string; text: string; bullets?: readonly string[] };

/** A dark, centred hero; `then` adds blocks under its text (a button, a picture). */
export function centredHero(b: TemplateBuilder, copy: HeroText, then?: (slot: Slot) => void, dark = true) {
  const hero = b.section({
    basic: { backgroundColor: dark ? COLORS.navy : COLORS.white },
    advanced: { padding: pad(64, 20, 64, 20) },
  });
  const [slot] = b.row(hero);
  eyebrow(b, slot!, copy.eyebrow, dark ? '#8FB0FF' : COLORS.accent, 'center');
  headline(b, slot!, copy.title, 40, {
    font: { color: dark ? COLORS.white : COLORS.navy, align: 'center' },
    lineHeight: 1.15,
    marginBottom: 18,
  });
  paragraph(b, slot!, copy.text, {
    font: { size: 18, color: dark ? COLORS.pale : COLORS.muted, align: 'center' },
    marginBottom: 28,
  });
  then?.(slot!);
  return hero;
}

/** A two-column hero: the promise on the left, `side` (a form, a picture) on the right. */
export function splitHero(
  b: TemplateBuilder,
  copy: HeroText,
  side: (slot: Slot) => void,
  dark = true,
): NodeId {
  const hero = b.section({
    basic: { backgroundColor: dark ? COLORS.navy : COLORS.soft },
    advanced: { padding: pad(56, 20, 56, 20) },
  });
  const [left, right] = b.row(hero, 'two');
  eyebrow(b, left!, copy.eyebrow, dark ? '#8FB0FF' : COLORS.accent);
  headline(b, left!, copy.title, 38, {
    font: { color: dark ? COLORS.white : COLORS.navy },
    lineHeight: 1.15,
    marginBottom: 18,
  });
  paragraph(b, left!, copy.text, {
    font: { size: 18, color: dark ? COLORS.pale : COLORS.muted },
    marginBottom: 20,
  });
  if (copy.bullets) checklist(b, left!, copy.bullets, dark ? COLORS.white : COLORS.text);
  side(right!);
  return hero;
}

/** A short opt-in form on a white card: name (optional) and e-mail. */
export function optInCard(
  b: TemplateBuilder,
  slot: Slot,
  copy: { title: string; text: string; button: string; askName?: boolean },
) {
  const form = card(b, slot, { padding: 28 });
  headline(b, form, copy.title, 24, { marginBottom: 8 });
  paragraph(b, form, copy.text, { font: { size: 15 }, marginBottom: 18 });
  if (copy.askName !== false)
    b.block(form, 'formElement', {
      attributes: { basic: { label: 'First name', dataName: 'first_name', placeholder: 'Jane' } },
    });
  b.block(form, 'formElement', {
    attributes: {
      basic: {
        label: 'Email',
        dataName: 'email',
        dataType: 'email',
        placeholder: 'jane@example.com',
        autoOptin: true,
      },
    },
  });
  b.block(form, 'formButton', {
    attributes: {
      basic: { label: copy.button, privacyText: 'We respect your privacy & information' },
      advanced: { padding: pad(16, 20), margin: pad(8, 0, 0, 0) },
    },
  });
  return form;
}

/** A heading and three cards side by side (one above the other on phones). */
export function threeCards(
  b: TemplateBuilder,
  title: string,
  items: readonly (readonly [string, string])[],
  background: string = COLORS.soft,
) {
  const section = b.section({ basic: { backgroundColor: background }, advanced: { padding: pad(56, 20) } });
  const [intro] = b.row(section);
  headline(b, intro!, title, 30, { font: { align: 'center' }, marginBottom: 32 });
  const columns = b.row(section, 'three');
  items.slice(0, 3).forEach(([heading, text], index) => {
    const box = card(b, columns[index]!, { padding: 24, margin: pad(0, 8, 16, 8) });
    headline(b, box, heading, 19, { marginBottom: 8 });
    paragraph(b, box, text, { font: { size: 15 }, marginBottom: 0 });
  });
  return section;
}

/** Customer quotes, one card each. */
export function testimonials(b: TemplateBuilder, quotes: readonly (readonly [string, string])[]) {
  const section = b.section({ advanced: { padding: pad(48, 20) } });
  const [intro] = b.row(section);
  headline(b, intro!, 'What customers say', 28, { font: { align: 'center' }, marginBottom: 28 });
  const columns = b.row(section, quotes.length >= 3 ? 'three' : 'two');
  quotes.forEach(([quote, who], index) => {
    const box = card(b, columns[index]!, {
      padding: 24,
      margin: pad(0, 8, 16, 8),
      background: '#EEF2FF',
      border: '#DCE3FF',
    });
    paragraph(b, box, `“${quote}”`, {
      font: { size: 16, color: COLORS.text, italic: true },
      marginBottom: 8,
    });
    paragraph(b, box, `— ${who}`, { font: { size: 14, bold: true, color: COLORS.text }, marginBottom: 0 });
  });
}

/** Questions and answers; the first one open. */
export function questions(b: TemplateBuilder, items: readonly (readonly [string, string])[]) {
  const section = b.section({ basic: { width: 'half' }, advanced: { padding: pad(48, 20) } });
  const [slot] = b.row(section);
  headline(b, slot!, 'Questions and answers', 28, { font: { align: 'center' }, marginBottom: 24 });
  items.forEach(([question, answer], index) => {
    const faq = b.block(slot!, 'faq', {
      attributes: {
        basic: { title: question, isActive: index === 0, titleFont: { size: 17 } },
        advanced: { margin: pad(0, 0, 12, 0) },
      },
    });
    paragraph(b, { kind: 'faq', faqId: faq }, answer, { font: { size: 15 }, marginBottom: 0 });
  });
}

/** A centred money-back promise. */
export function guarantee(b: TemplateBuilder, title: string, text: string) {
  const section = b.section({ basic: { width: 'half' }, advanced: { padding: pad(16, 20, 48, 20) } });
  const [slot] = b.row(section);
  headline(b, slot!, title, 20, { font: { align: 'center' }, marginBottom: 8 });
  paragraph(b, slot!, text, { font: { align: 'center', size: 15 }, marginBottom: 0 });
}

type Offer = {
  name: string;
  was?: string;
  price: string;
  note: string;
  yes: string;
  yesSub: string;
  no: string;
  minutes?: number;
};

/** A one-click offer card: price, optional countdown, a big yes and a quiet no. */
export function offerCard(
  b: TemplateBuilder,
  slot: Slot,
  offer: Offer,
  accent: string = COLORS.orange,
  margin = pad(0),
) {
  const box = card(b, slot, { padding: 28, border: accent, margin });
  headline(b, box, offer.name, 22, { font: { align: 'center' }, marginBottom: 6 });
  if (offer.was)
    paragraph(b, box, offer.was, { font: { size: 16, lineThrough: true, align: 'center' }, marginBottom: 4 });
  headline(b, box, offer.price, 40, { font: { color: accent, align: 'center' }, marginBottom: 4 });
  paragraph(b, box, offer.note, { font: { size: 14, align: 'center' }, marginBottom: 18 });
  if (offer.minutes)
    b.block(box, 'timer', {
      attributes: {
        basic: {
          hours: 0,
          minutes: offer.minutes,
          seconds: 0,
          valueFont: { size: 22 },
          labelFont: { color: COLORS.muted },
          align: CENTER,
        },
        advanced: { margin: pad(0, 0, 18, 0) },
      },
    });
  cta(
    b,
    box,
    offer.yes,
    { type: 'yes-link' },
    { color: COLORS.green, hover: COLORS.greenDark, sub: offer.yesSub, fill: true },
  );
  b.block(box, 'link', {
    content: offer.no,
    attributes: {
      basic: { action: { type: 'next-step' }, font: { size: 14, color: COLORS.muted, align: 'center' } },
    },
  });
  return box;
}

/** A one-click offer page: a notice bar, the pitch, what is inside beside the offer card. */
export function offerPage(
  b: TemplateBuilder,
  copy: {
    notice: string;
    eyebrow: string;
    title: string;
    text: string;
    inside: readonly string[];
    image?: { name: TemplateImage; alt: string };
    offer: Offer;
    accent?: string;
  },
) {
  topBar(b, copy.notice, copy.accent ?? COLORS.orange);
  const pitch = b.section({ advanced: { padding: pad(48, 20, 40, 20) } });
  const [intro] = b.row(pitch);
  b.block(intro!, 'progressBar', {
    attributes: {
      basic: { value: { labelText: 'Order 80% complete', valueNumber: { number: 80 } }, height: 18 },
      advanced: { margin: pad(0, 0, 28, 0) },
    },
  });
  eyebrow(b, intro!, copy.eyebrow, copy.accent ?? COLORS.orange, 'center');
  headline(b, intro!, copy.title, 36, { font: { align: 'center' }, lineHeight: 1.15 });
  paragraph(b, intro!, copy.text, { font: { size: 18, align: 'center' }, marginBottom: 28 });
  const [what, price] = b.row(pitch, 'two');
  const list = card(b, what!, { padding: 24, margin: pad(0, 6, 16, 6), background: COLORS.soft });
  if (copy.image)
    picture(b, list, copy.image.name, copy.image.alt, { width: 200, height: 160 }, { aboveFold: true });
  headline(b, list, 'What you get', 20, { marginBottom: 12 });
  checklist(b, list, copy.inside);
  offerCard(b, price!, copy.offer, copy.accent ?? COLORS.orange, pad(0, 6, 16, 6));
}

/** A one-step checkout form: contact fields, the products, an optional order bump, payment and the button. */
export function oneStepCheckout(
  b: TemplateBuilder,
  slot: Slot,
  copy: {
    products: readonly (readonly [string, number])[];
    bumps?: readonly (readonly [string, string])[];
    button: string;
    address?: boolean;
  },
) {
  const box = card(b, slot, { padding: 24 });
  headline(b, box, '1. Your details', 18, { marginBottom: 12 });
  b.block(box, 'formElement', {
    attributes: {
      basic: { label: 'Full name', dataName: 'first_name', placeholder: 'Jane Doe', required: true },
    },
  });
  b.block(box, 'formElement', {
    attributes: {
      basic: {
        label: 'Email',
        dataName: 'email',
        dataType: 'email',
        placeholder: 'jane@example.com',
        required: true,
      },
    },
  });
  if (copy.address) {
    b.block(box, 'formElement', {
      attributes: {
        basic: {
          label: 'Street address',
          dataName: 'address',
          placeholder: '12 High Street',
          required: true,
        },
      },
    });
    b.block(box, 'formElement', {
      attributes: { basic: { label: 'City', dataName: 'city', placeholder: 'Springfield', required: true } },
    });
    b.block(box, 'formElement', {
      attributes: { basic: { label: 'Postal code', dataName: 'zip', placeholder: '12345', required: true } },
    });
  }
  headline(b, box, '2. Your order', 18, { marginBottom: 12 });
  b.block(box, 'productList', {
    attributes: {
      basic: {
        selectionType: 'single',
        entries: copy.products.map(([title, price]) => ({ productId: null, title, pcs: 1, price })),
      },
      advanced: { margin: pad(0, 0, 16, 0) },
    },
  });
  for (const [title, text] of copy.bumps ?? [])
    b.block(box, 'orderBump', {
      attributes: { basic: { headline: title, content: text }, advanced: { margin: pad(0, 0, 12, 0) } },
    });
  headline(b, box, '3. Payment', 18, { marginBottom: 12 });
  b.block(box, 'paymentForm', { attributes: { advanced: { margin: pad(0, 0, 12, 0) } } });
  b.block(box, 'formButton', {
    attributes: { basic: { label: copy.button, privacyText: '100% secure and safe payment' } },
  });
  return box;
}

/** A checkout page around a form: the brand bar, what they buy on the left, the form on the right. */
export function checkoutPage(
  b: TemplateBuilder,
  copy: {
    brand: string;
    eyebrow: string;
    title: string;
    text: string;
    includes: readonly string[];
    image?: { name: TemplateImage; alt: string };
    quote: readonly [string, string];
  },
  form: (slot: Slot) => void,
) {
  topBar(b, copy.brand);
  const main = b.section({ advanced: { padding: pad(40, 20, 48, 20) } });
  const [offer, checkout] = b.row(main, 'two');
  eyebrow(b, offer!, copy.eyebrow);
  headline(b, offer!, copy.title, 32, { lineHeight: 1.15 });
  paragraph(b, offer!, copy.text, { font: { size: 17 } });
  if (copy.image)
    picture(
      b,
      offer!,
      copy.image.name,
      copy.image.alt,
      { width: 240, height: 180 },
      { hideOnMobile: true, aboveFold: true },
    );
  const includes = card(b, offer!, { padding: 20, margin: pad(0, 0, 20, 0) });
  headline(b, includes, 'What is included', 18, { marginBottom: 10 });
  checklist(b, includes, copy.includes);
  const quote = card(b, offer!, {
    padding: 20,
    margin: pad(0, 0, 20, 0),
    background: '#EEF2FF',
    border: '#DCE3FF',
  });
  paragraph(b, quote, `“${copy.quote[0]}”`, {
    font: { size: 15, color: COLORS.text, italic: true },
    marginBottom: 8,
  });
  paragraph(b, quote, `— ${copy.quote[1]}`, {
    font: { size: 14, bold: true, color: COLORS.text },
    marginBottom: 0,
  });
  form(checkout!);
}

/** A thank-you page: a tick, the message, next steps, an optional order summary and the link onward. */
export function thankYouPage(
  b: TemplateBuilder,
  copy: {
    title: string;
    text: string;
    steps: readonly (readonly [string, string])[];
    orderSummary: boolean;
    link?: { text: string; placeholder: string };
    image?: { name: TemplateImage; alt: string };
  },
) {
  const hero = b.section({ basic: { width: 'wide' }, advanced: { padding: pad(56, 20, 32, 20) } });
  const [top] = b.row(hero);
  headline(b, top!, '✓', 56, {
    font: { color: COLORS.green, align: 'center' },
    lineHeight: 1,
    marginBottom: 12,
  });
  headline(b, top!, copy.title, 36, { font: { align: 'center' }, lineHeight: 1.15 });
  paragraph(b, top!, copy.text, { font: { size: 18, align: 'center' }, marginBottom: 24 });
  if (copy.image)
    picture(b, top!, copy.image.name, copy.image.alt, { width: 180, height: 180 }, { aboveFold: true });
  const next = b.row(hero, 'three');
  copy.steps.slice(0, 3).forEach(([title, text], index) => {
    const box = card(b, next[index]!, { padding: 20, margin: pad(0, 8, 16, 8) });
    headline(b, box, title, 18, { marginBottom: 8 });
    paragraph(b, box, text, { font: { size: 15 }, marginBottom: 0 });
  });
  const after = b.section({ basic: { width: 'half' }, advanced: { padding: pad(8, 20, 56, 20) } });
  const [center] = b.row(after);
  if (copy.orderSummary) {
    const summary = card(b, center!, { padding: 20, margin: pad(0, 0, 24, 0) });
    headline(b, summary, 'Your order', 18, { marginBottom: 8 });
    b.block(summary, 'orderSummary', { attributes: { basic: { allowDiscountCodes: false } } });
  }
  if (copy.link) cta(b, center!, copy.link.text, placeholderLink(copy.link.placeholder));
}
