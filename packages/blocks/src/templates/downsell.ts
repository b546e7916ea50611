import { pad, TemplateBuilder } from './builder.ts';
import { button, COLORS, card, eyebrow, footer, headline, paragraph } from './kit.ts';

/** A downsell after a declined upsell: a smaller version at a smaller price. */
export function downsellDocument() {
  const b = new TemplateBuilder(4001, { padding: pad(0), backgroundColor: COLORS.soft });

  const pitch = b.section({ basic: { width: 'wide' }, advanced: { padding: pad(64, 30, 56, 30) } });
  const [intro] = b.row(pitch);
  eyebrow(b, intro!, 'BEFORE YOU GO', COLORS.accent, 'center');
  headline(b, intro!, 'Not ready for the full pack? Start with the essentials', 38, {
    font: { align: 'center' },
    lineHeight: 1.15,
  });
  paragraph(
    b,
    intro!,
    'Get the 5 templates our customers use most — the landing page, checkout, upsell, thank-you page and the welcome e-mail — for less than a lunch.',
    {
      font: { size: 18, align: 'center' },
      marginBottom: 0,
    },
  );
  const narrow = b.section({ basic: { width: 'half' }, advanced: { padding: pad(0, 30, 64, 30) } });
  const [middle] = b.row(narrow);
  const offer = card(b, middle!, { padding: 36 });
  headline(b, offer, 'Essentials pack', 22, { font: { align: 'center' }, marginBottom: 4 });
  headline(b, offer, '{{offer_price}}', 48, {
    font: { color: COLORS.accent, align: 'center' },
    marginBottom: 4,
  });
  paragraph(b, offer, 'one payment · instant access', {
    font: { size: 14, align: 'center' },
    marginBottom: 24,
  });
  button(
    b,
    offer,
    'Yes, I want the essentials',
    { type: 'yes-link' },
    { fill: true, sub: 'Added to your order with one click' },
  );
  b.block(offer, 'link', {
    content: 'No thanks, take me to my purchase',
    attributes: {
      basic: { action: { type: 'next-step' }, font: { size: 14, color: COLORS.muted, align: 'center' } },
    },
  });

  footer(b);
  return b.build();
}
