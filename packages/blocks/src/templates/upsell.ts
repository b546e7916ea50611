import { pad, TemplateBuilder } from './builder.ts';
import { button, COLORS, card, eyebrow, footer, headline, paragraph } from './kit.ts';

/** A one-click upsell: a short pitch, one price, a big yes and a quiet no. */
export function upsellDocument() {
  const b = new TemplateBuilder(2001, { padding: pad(0), backgroundColor: COLORS.white });

  const bar = b.section({ basic: { backgroundColor: COLORS.orange }, advanced: { padding: pad(14, 30) } });
  const [notice] = b.row(bar);
  headline(b, notice!, 'WAIT! Your order is not complete yet — do not close this page', 16, {
    font: { color: COLORS.white, align: 'center' },
    marginBottom: 0,
  });

  const pitch = b.section({ advanced: { padding: pad(56, 30, 40, 30) } });
  const [intro] = b.row(pitch);
  b.block(intro!, 'progressBar', {
    attributes: {
      basic: { value: { labelText: 'Order 80% complete', valueNumber: { number: 80 } }, height: 20 },
      advanced: { margin: pad(0, 0, 32, 0) },
    },
  });
  eyebrow(b, intro!, 'ONE-TIME OFFER', COLORS.orange, 'center');
  headline(b, intro!, 'Get done-for-you funnel templates and launch 10× faster', 40, {
    font: { align: 'center' },
    lineHeight: 1.15,
  });
  paragraph(
    b,
    intro!,
    'Add 25 ready-made pages to your course today and save 60%. This offer is only shown once, right after your purchase.',
    {
      font: { size: 18, align: 'center' },
      marginBottom: 36,
    },
  );

  const [what, price] = b.row(pitch, 'two');
  const list = card(b, what!, { padding: 28, margin: pad(0, 8, 16, 8), background: COLORS.soft });
  headline(b, list, 'Inside the template pack', 20, { marginBottom: 12 });
  paragraph(
    b,
    list,
    '✓  25 landing, checkout and thank-you pages\n✓  Tested copy you can edit in minutes\n✓  Upsell and downsell sequences\n✓  Free updates for a year',
    {
      font: { size: 16, color: COLORS.text },
      lineHeight: 2,
      marginBottom: 0,
    },
  );
  const buy = card(b, price!, { padding: 28, margin: pad(0, 8, 16, 8), border: COLORS.orange });
  paragraph(b, buy, 'Regular price $97', {
    font: { size: 16, lineThrough: true, align: 'center' },
    marginBottom: 4,
  });
  headline(b, buy, 'Today only {{offer_price}}', 36, {
    font: { color: COLORS.orange, align: 'center' },
    marginBottom: 8,
  });
  b.block(buy, 'timer', {
    attributes: {
      basic: {
        hours: 0,
        minutes: 9,
        seconds: 59,
        valueFont: { size: 22 },
        labelFont: { color: COLORS.muted },
      },
      advanced: { margin: pad(0, 0, 20, 0) },
    },
  });
  button(
    b,
    buy,
    'Yes! Add this to my order',
    { type: 'yes-link' },
    {
      color: COLORS.green,
      hover: COLORS.greenDark,
      sub: 'One click — no need to enter your card again',
      fill: true,
    },
  );
  b.block(buy, 'link', {
    content: 'No thanks, I will build my pages from scratch',
    attributes: {
      basic: {
        action: { type: 'next-step' },
        font: { size: 14, color: COLORS.muted, align: 'center' },
      },
    },
  });

  footer(b);
  return b.build();
}
