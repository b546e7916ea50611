import { pad, TemplateBuilder } from './builder.ts';
import { COLORS, card, eyebrow, footer, headline, paragraph } from './kit.ts';

/** A lead-magnet opt-in page: the promise on the left, a short form on the right. */
export function landingOptInDocument() {
  const b = new TemplateBuilder(5001, { padding: pad(0), backgroundColor: COLORS.white });

  const hero = b.section({
    basic: { backgroundColor: COLORS.navy },
    advanced: { padding: pad(72, 30, 80, 30) },
  });
  const [left, right] = b.row(hero, 'two');
  eyebrow(b, left!, 'FREE GUIDE', '#8FB0FF');
  headline(b, left!, '7 proven steps to double your sales in 30 days', 44, {
    font: { color: COLORS.white },
    lineHeight: 1.15,
    marginBottom: 20,
  });
  paragraph(
    b,
    left!,
    'The exact playbook our clients use to turn cold visitors into paying customers — without a bigger ad budget.',
    {
      font: { size: 18, color: COLORS.pale },
      marginBottom: 24,
    },
  );
  paragraph(
    b,
    left!,
    '✓  The one-page offer formula\n✓  Three e-mails that sell while you sleep\n✓  How to price so customers say yes',
    {
      font: { size: 16, color: COLORS.white },
      lineHeight: 1.9,
      marginBottom: 0,
    },
  );
  const form = card(b, right!, { padding: 32, margin: pad(0, 0, 0, 40) });
  headline(b, form, 'Where should we send it?', 24, { marginBottom: 8 });
  paragraph(b, form, 'Enter your details and get the guide in your inbox in two minutes.', {
    font: { size: 15 },
    marginBottom: 20,
  });
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
      basic: { label: 'Send me the free guide', privacyText: 'We respect your privacy & information' },
      advanced: { padding: pad(16, 24), margin: pad(8, 0, 0, 0) },
    },
  });

  const benefits = b.section({ basic: { backgroundColor: COLORS.soft }, advanced: { padding: pad(64, 30) } });
  const [intro] = b.row(benefits);
  headline(b, intro!, 'What you will learn', 32, { font: { align: 'center' }, marginBottom: 40 });
  const columns = b.row(benefits, 'three');
  const points = [
    [
      '01',
      'Find your best offer',
      'Spot the product your customers already want and package it so it sells itself.',
    ],
    [
      '02',
      'Build the funnel',
      'A landing page, a checkout and one upsell — the three pages that do most of the work.',
    ],
    ['03', 'Grow the average order', 'Order bumps and one-click upsells that add 30% to every order.'],
  ] as const;
  points.forEach(([number, title, text], index) => {
    const box = card(b, columns[index]!, { padding: 28, margin: pad(0, 12, 16, 12) });
    headline(b, box, number, 28, { font: { color: COLORS.accent }, marginBottom: 8 });
    headline(b, box, title, 20, { marginBottom: 8 });
    paragraph(b, box, text, { font: { size: 15 }, marginBottom: 0 });
  });

  footer(b);
  return b.build();
}
