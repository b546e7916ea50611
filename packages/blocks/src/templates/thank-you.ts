import { pad, TemplateBuilder } from './builder.ts';
import { button, COLORS, card, footer, headline, paragraph } from './kit.ts';

/** The page after the order: confirmation, what happens next, and where to find the purchase. */
export function thankYouDocument() {
  const b = new TemplateBuilder(3001, { padding: pad(0), backgroundColor: COLORS.soft });

  const hero = b.section({ basic: { width: 'wide' }, advanced: { padding: pad(72, 30, 40, 30) } });
  const [top] = b.row(hero);
  headline(b, top!, '✓', 64, {
    font: { color: COLORS.green, align: 'center' },
    lineHeight: 1,
    marginBottom: 16,
  });
  headline(b, top!, 'Thank you! Your order is confirmed', 40, {
    font: { align: 'center' },
    lineHeight: 1.15,
  });
  paragraph(
    b,
    top!,
    'A receipt is on its way to your inbox. You can start right away — your access details are below.',
    {
      font: { size: 18, align: 'center' },
      marginBottom: 32,
    },
  );

  const next = b.row(hero, 'three');
  const steps = [
    ['1. Check your inbox', 'Your receipt and login link arrive within five minutes.'],
    ['2. Log in', 'Use the e-mail address you ordered with to sign in.'],
    ['3. Start lesson one', 'It takes 20 minutes and sets up your first page.'],
  ] as const;
  steps.forEach(([title, text], index) => {
    const box = card(b, next[index]!, { padding: 24, margin: pad(0, 10, 16, 10) });
    headline(b, box, title, 18, { marginBottom: 8 });
    paragraph(b, box, text, { font: { size: 15 }, marginBottom: 0 });
  });

  const access = b.section({ basic: { width: 'half' }, advanced: { padding: pad(16, 30, 64, 30) } });
  const [center] = b.row(access);
  const summary = card(b, center!, { padding: 24, margin: pad(0, 0, 32, 0) });
  headline(b, summary, 'Your order', 18, { marginBottom: 8 });
  b.block(summary, 'orderSummary', { attributes: { basic: { allowDiscountCodes: false } } });
  b.update<'button'>(
    button(
      b,
      center!,
      'Go to my course',
      { type: 'goto-url', url: 'https://example.com/members', target: '_self' },
      { size: 18 },
    ),
    { attributes: { basic: { align: { desktop: 'center', tablets: 'center', mobile: 'center' } } } },
  );
  paragraph(b, center!, 'Share the news', { font: { size: 14, align: 'center' }, marginBottom: 8 });
  b.block(center!, 'social', {
    attributes: {
      basic: {
        items: [
          { title: 'Facebook', status: true, url: 'https://facebook.com', icon: 'facebook' },
          { title: 'Instagram', status: true, url: 'https://instagram.com', icon: 'instagram' },
          { title: 'X', status: true, url: 'https://x.com', icon: 'x' },
          { title: 'LinkedIn', status: true, url: 'https://linkedin.com', icon: 'linkedin' },
          { title: 'YouTube', status: true, url: 'https://youtube.com', icon: 'youtube' },
        ],
        color: COLORS.muted,
      },
    },
  });

  footer(b);
  return b.build();
}

/** The page after an opt-in: thanks for signing up, and no order talk (nothing was bought). */
export function optInThankYouDocument() {
  const b = new TemplateBuilder(3101, { padding: pad(0), backgroundColor: COLORS.soft });
  const hero = b.section({ basic: { width: 'wide' }, advanced: { padding: pad(72, 30, 72, 30) } });
  const [top] = b.row(hero);
  headline(b, top!, '✓', 64, {
    font: { color: COLORS.green, align: 'center' },
    lineHeight: 1,
    marginBottom: 16,
  });
  headline(b, top!, 'Thank you for signing up!', 40, { font: { align: 'center' }, lineHeight: 1.15 });
  paragraph(
    b,
    top!,
    'Your free class is on its way to your inbox. Check your e-mail in the next few minutes.',
    { font: { size: 18, align: 'center' }, marginBottom: 0 },
  );
  footer(b);
  return b.build();
}
