import type { EditorDocument } from '../document/schema.ts';
import type { Slot } from '../document/structure.ts';
import { pad, TemplateBuilder } from './builder.ts';
import { button, COLORS, headline, paragraph } from './kit.ts';

/**
 * A shared e-mail design: what a merchant can start an e-mail template from in the e-mail editor
 * (issue 20 "start from a shared template"). The id is stable: templates are created from it by id.
 */
export type EmailDesign = {
  id: string;
  name: string;
  description: string;
  /** "tags (comma list)", copied to the template made from it. */
  tags: string;
  document: () => EditorDocument;
};

const CENTER = { desktop: 'center', tablets: 'center', mobile: 'center' } as const;

function emailBuilder(seed: number) {
  return new TemplateBuilder(seed, { backgroundColor: COLORS.soft }, 'email');
}

function centeredButton(b: TemplateBuilder, slot: Slot, text: string, url: string) {
  const id = button(b, slot, text, { type: 'goto-url', url, target: '_blank' }, { size: 17 });
  b.update<'button'>(id, { attributes: { basic: { align: CENTER, shadows: [] } } });
}

function emailFooter(b: TemplateBuilder) {
  const section = b.section({ advanced: { padding: pad(24, 30) } });
  const [slot] = b.row(section);
  b.block(slot!, 'social', {
    attributes: {
      basic: {
        items: [
          { title: 'Facebook', status: true, url: 'https://facebook.com', icon: 'facebook' },
          { title: 'Instagram', status: true, url: 'https://instagram.com', icon: 'instagram' },
          { title: 'X', status: true, url: 'https://x.com', icon: 'x' },
        ],
        color: COLORS.muted,
      },
    },
  });
  paragraph(b, slot!, 'You receive this e-mail because you shopped with us or signed up.', {
    font: { size: 12, color: COLORS.muted, align: 'center' },
    marginBottom: 0,
  });
}

/** A welcome for a new subscriber or customer, greeting them by first name. */
function welcomeDocument(): EditorDocument {
  const b = emailBuilder(5101);
  const hero = b.section({ basic: { backgroundColor: COLORS.white }, advanced: { padding: pad(40, 30) } });
  const [top] = b.row(hero);
  headline(b, top!, 'Welcome aboard, {{first_name|friend}}!', 30, { font: { align: 'center' } });
  paragraph(
    b,
    top!,
    'Thanks for joining us. Over the next days we will send you our best tips to get started — and a little gift.',
    { font: { align: 'center' }, marginBottom: 24 },
  );
  centeredButton(b, top!, 'Get started', 'https://example.com/start');
  const next = b.section({
    basic: { backgroundColor: COLORS.white },
    advanced: { padding: pad(0, 30, 32, 30) },
  });
  const columns = b.row(next, 'two');
  const tips = [
    ['Your account', 'Sign in with {{email}} to see your orders and downloads.'],
    ['Need help?', 'Reply to this e-mail: a real person answers within a day.'],
  ] as const;
  tips.forEach(([title, text], index) => {
    headline(b, columns[index]!, title, 18, { marginBottom: 8 });
    // Columns stack on phones: the margin keeps the tips apart there.
    paragraph(b, columns[index]!, text, { font: { size: 14 }, marginBottom: 16 });
  });
  emailFooter(b);
  return b.build();
}

/** A thank-you with the order's number and total, receipt-style. */
function thankYouDocument(): EditorDocument {
  const b = emailBuilder(5202);
  const hero = b.section({ basic: { backgroundColor: COLORS.white }, advanced: { padding: pad(40, 30) } });
  const [top] = b.row(hero);
  headline(b, top!, 'Thank you for your order!', 30, { font: { align: 'center', color: COLORS.green } });
  paragraph(
    b,
    top!,
    'Hi {{first_name|there}}, we have received your order and are getting it ready. Here are the details.',
    { font: { align: 'center' }, marginBottom: 24 },
  );
  const details = b.row(hero, 'two', { basic: { backgroundColor: COLORS.soft } });
  headline(b, details[0]!, 'Order number', 14, { font: { color: COLORS.muted }, marginBottom: 4 });
  headline(b, details[0]!, '{{order_number}}', 20, { marginBottom: 12 });
  headline(b, details[1]!, 'Total', 14, { font: { color: COLORS.muted }, marginBottom: 4 });
  headline(b, details[1]!, '{{order_total}}', 20, { marginBottom: 12 });
  const [after] = b.row(hero);
  b.block(after!, 'spacer', { attributes: { basic: { widthNumber: { number: 1 }, color: COLORS.line } } });
  // The order's lines as a table, filled in by the send (a server-built merge value).
  b.block(after!, 'customHtml', { content: '{{order_lines}}' });
  paragraph(b, after!, 'We will e-mail you again when it ships.', {
    font: { size: 14, align: 'center' },
    marginBottom: 24,
  });
  centeredButton(b, after!, 'View your order', 'https://example.com/orders');
  emailFooter(b);
  return b.build();
}

/** A newsletter: a lead story and two shorter ones. */
function newsletterDocument(): EditorDocument {
  const b = emailBuilder(5303);
  const head = b.section({ basic: { backgroundColor: COLORS.navy }, advanced: { padding: pad(28, 30) } });
  const [brand] = b.row(head);
  headline(b, brand!, 'THE MONTHLY LETTER', 14, {
    font: { color: COLORS.pale, align: 'center' },
    letterSpacing: 3,
    marginBottom: 0,
  });
  const lead = b.section({ basic: { backgroundColor: COLORS.white }, advanced: { padding: pad(36, 30) } });
  const [story] = b.row(lead);
  headline(b, story!, 'What is new this month', 28);
  paragraph(
    b,
    story!,
    'Hi {{first_name|there}}, here is what we have been working on: a faster checkout, new colours and a summer sale that starts on Friday.',
    { marginBottom: 24 },
  );
  centeredButton(b, story!, 'Read the full story', 'https://example.com/blog');
  const more = b.section({
    basic: { backgroundColor: COLORS.white },
    advanced: { padding: pad(0, 30, 36, 30) },
  });
  const columns = b.row(more, 'two');
  const stories = [
    ['Behind the scenes', 'How we pack every order by hand, and why it matters.'],
    ['Customer of the month', 'Anna tells how she built her morning routine with us.'],
  ] as const;
  stories.forEach(([title, text], index) => {
    headline(b, columns[index]!, title, 18, { marginBottom: 8 });
    paragraph(b, columns[index]!, text, { font: { size: 14 }, marginBottom: 8 });
    b.update<'link'>(b.block(columns[index]!, 'link', { content: 'Read more →' }), {
      attributes: { advanced: { margin: pad(0, 0, 16, 0) } },
    });
  });
  emailFooter(b);
  return b.build();
}

/** The shared e-mail designs every account can start from. */
export const EMAIL_DESIGNS: readonly EmailDesign[] = [
  {
    id: 'welcome',
    name: 'Welcome',
    description: 'Greets a new subscriber by first name, with a call to action and two tips.',
    tags: 'welcome,onboarding',
    document: welcomeDocument,
  },
  {
    id: 'thank-you',
    name: 'Thank you for your order',
    description: 'A receipt-style thank-you with the order number, total and products.',
    tags: 'order,receipt,thank you',
    document: thankYouDocument,
  },
  {
    id: 'newsletter',
    name: 'Newsletter',
    description: 'A monthly letter: a lead story with a button and two shorter stories.',
    tags: 'newsletter,marketing',
    document: newsletterDocument,
  },
];

export function emailDesign(id: string): EmailDesign | undefined {
  return EMAIL_DESIGNS.find((design) => design.id === id);
}
