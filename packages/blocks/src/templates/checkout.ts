import { pad, TemplateBuilder } from './builder.ts';
import { COLORS, card, eyebrow, footer, headline, paragraph, spacer } from './kit.ts';

/** A two-step checkout: what they get on the left, shipping then payment on the right. */
export function checkoutDocument() {
  const b = new TemplateBuilder(1001, { padding: pad(0), backgroundColor: COLORS.soft });

  const top = b.section({ basic: { backgroundColor: COLORS.navy }, advanced: { padding: pad(28, 30) } });
  const [brand, steps] = b.row(top, 'two');
  headline(b, brand!, 'YOUR BRAND', 18, { font: { color: COLORS.white }, letterSpacing: 3, marginBottom: 0 });
  b.block(steps!, 'progressBar', {
    attributes: {
      basic: {
        value: { labelText: 'Step 2 of 3 · Checkout', valueNumber: { number: 66 } },
        height: 22,
        animated: false,
      },
      advanced: { margin: pad(0, 0, 0, 120) },
    },
  });

  const main = b.section({ advanced: { padding: pad(48, 30, 64, 30) } });
  const [offer, checkout] = b.row(main, 'two');
  eyebrow(b, offer!, 'YOU ARE ONE STEP AWAY');
  headline(b, offer!, 'The Complete Growth Course', 36, { lineHeight: 1.15 });
  paragraph(
    b,
    offer!,
    '12 video lessons, templates and a private community — everything you need to launch your first profitable funnel this month.',
    {
      font: { size: 17 },
    },
  );
  const includes = card(b, offer!, { padding: 24, margin: pad(8, 40, 24, 0) });
  headline(b, includes, 'What is included', 18, { marginBottom: 12 });
  paragraph(
    b,
    includes,
    '✓  12 step-by-step video lessons\n✓  Funnel and e-mail templates\n✓  Private community and monthly Q&A\n✓  Lifetime updates',
    {
      font: { size: 15, color: COLORS.text },
      lineHeight: 2,
      marginBottom: 0,
    },
  );
  headline(b, offer!, 'This price ends in', 15, {
    font: { color: COLORS.muted, align: 'left' },
    marginBottom: 8,
  });
  b.block(offer!, 'timer', {
    attributes: {
      basic: {
        hours: 0,
        minutes: 14,
        seconds: 59,
        valueFont: { size: 30, color: COLORS.orange },
        labelFont: { color: COLORS.muted },
        align: { desktop: 'left', tablets: 'left', mobile: 'center' },
      },
      advanced: { margin: pad(0, 0, 24, 0) },
    },
  });
  const quote = card(b, offer!, {
    padding: 24,
    margin: pad(0, 40, 0, 0),
    background: '#EEF2FF',
    border: '#DCE3FF',
  });
  paragraph(
    b,
    quote,
    '“I made back the price of the course in the first week. The checkout template alone doubled my conversion rate.”',
    {
      font: { size: 16, color: COLORS.text, italic: true },
      marginBottom: 8,
    },
  );
  paragraph(b, quote, '— Maria K., online coach', {
    font: { size: 14, bold: true, color: COLORS.text },
    marginBottom: 0,
  });

  const form = b.block(checkout!, 'twoStepForm', {
    attributes: {
      basic: { titleFont: { size: 16 }, subtitleFont: { size: 13, color: COLORS.muted } },
      advanced: { padding: pad(32) },
    },
  });
  b.block(
    { kind: 'step', formId: form, step: 1 },
    'productList',
    {
      attributes: {
        basic: {
          selectionType: 'single',
          entries: [
            { productId: null, title: 'Complete Growth Course', pcs: 1, price: 97 },
            { productId: null, title: 'Course + 1:1 coaching call', pcs: 1, price: 197 },
          ],
        },
        advanced: { margin: pad(0, 0, 20, 0) },
      },
    },
    0,
  );
  // Shipping asks for less on a digital product: keep name, e-mail and phone.
  for (const id of b.formStep(form, 1).slice(4, 9)) {
    const field = b.get(id);
    if (field?.type === 'formElement')
      b.update<'formElement'>(id, { attributes: { basic: { required: false } } });
  }
  const step2 = { kind: 'step', formId: form, step: 2 } as const;
  b.block(step2, 'orderSummary', { attributes: { advanced: { margin: pad(0, 0, 16, 0) } } }, 0);
  b.block(
    step2,
    'orderBump',
    {
      attributes: {
        basic: {
          headline: 'Yes! Add the Swipe File for just {{offer_price}}',
          content: '50 proven headlines and e-mails you can copy today. One-time offer, only on this page.',
        },
        advanced: { margin: pad(0, 0, 16, 0) },
      },
    },
    1,
  );
  spacer(b, step2, COLORS.line, 8);

  const trust = b.section({ advanced: { padding: pad(8, 30, 56, 30) } });
  const [guarantee] = b.row(trust);
  headline(b, guarantee!, '30-day money-back guarantee', 20, { font: { align: 'center' }, marginBottom: 8 });
  paragraph(
    b,
    guarantee!,
    'Try the course for 30 days. If it is not for you, write to us and get every cent back.',
    {
      font: { align: 'center', size: 15 },
      marginBottom: 0,
    },
  );

  footer(b);
  return b.build();
}
