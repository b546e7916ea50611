import { pad, TemplateBuilder } from './builder.ts';
import { button, COLORS, card, eyebrow, footer, headline, paragraph } from './kit.ts';

/** A long-form sales page (step type Other): promise, proof, questions, call to action. */
export function salesPageDocument() {
  const b = new TemplateBuilder(6001, { padding: pad(0), backgroundColor: COLORS.white });

  const nav = b.section({ advanced: { padding: pad(18, 30) } });
  const [brand, links] = b.row(nav, 'two');
  headline(b, brand!, 'YOUR BRAND', 18, { letterSpacing: 3, marginBottom: 0 });
  b.block(links!, 'menu', {
    attributes: {
      basic: {
        items: [
          { title: 'How it works', url: '#' },
          { title: 'Reviews', url: '#' },
          { title: 'Questions', url: '#' },
        ],
        align: { desktop: 'right', tablets: 'right', mobile: 'center' },
      },
    },
  });

  const hero = b.section({ basic: { backgroundColor: COLORS.navy }, advanced: { padding: pad(80, 30) } });
  const [intro] = b.row(hero);
  eyebrow(b, intro!, 'LIVE WORKSHOP · 90 MINUTES', '#8FB0FF', 'center');
  headline(b, intro!, 'Build a funnel that sells while you sleep', 52, {
    font: { color: COLORS.white, align: 'center' },
    lineHeight: 1.1,
    marginBottom: 20,
  });
  paragraph(
    b,
    intro!,
    'Join 4,000+ creators who launched their first profitable funnel with this workshop.',
    {
      font: { size: 19, color: COLORS.pale, align: 'center' },
      marginBottom: 32,
    },
  );
  const cta = button(
    b,
    intro!,
    'Reserve my seat',
    { type: 'goto-element', elementId: null },
    { sub: 'Free · next session starts Monday' },
  );
  b.update<'button'>(cta, {
    attributes: { basic: { align: { desktop: 'center', tablets: 'center', mobile: 'center' } } },
  });

  const faqSection = b.section({ basic: { width: 'wide' }, advanced: { padding: pad(64, 30) } });
  const [faqs] = b.row(faqSection);
  headline(b, faqs!, 'Questions, answered', 32, { font: { align: 'center' }, marginBottom: 32 });
  const questions = [
    [
      'Is it really free?',
      'Yes. The workshop is free; at the end we show an optional course for those who want more help.',
    ],
    [
      'Do I need a website?',
      'No. Everything is built inside Funnelwork — you only need an idea of what to sell.',
    ],
    ['What if I cannot attend live?', 'Everyone who registers gets the recording for seven days.'],
  ] as const;
  questions.forEach(([question, answer], index) => {
    const faq = b.block(faqs!, 'faq', {
      attributes: {
        basic: { title: question, isActive: index === 0, titleFont: { size: 17 } },
        advanced: { margin: pad(0, 0, 12, 0) },
      },
    });
    paragraph(b, { kind: 'faq', faqId: faq }, answer, { font: { size: 15 }, marginBottom: 0 });
  });
  const register = b.section({ basic: { backgroundColor: COLORS.soft }, advanced: { padding: pad(64, 30) } });
  const [, middle] = b.row(register, 'three');
  const form = card(b, middle!, { padding: 32 });
  headline(b, form, 'Save your free seat', 24, { font: { align: 'center' }, marginBottom: 20 });
  b.block(form, 'formElement', {
    attributes: { basic: { label: 'Name', dataName: 'first_name', placeholder: 'Your name' } },
  });
  b.block(form, 'formElement', {
    attributes: {
      basic: {
        label: 'Email',
        dataName: 'email',
        dataType: 'email',
        placeholder: 'you@example.com',
        autoOptin: true,
      },
    },
  });
  b.block(form, 'formButton', {
    attributes: { basic: { label: 'Reserve my seat', privacyText: 'We respect your privacy & information' } },
  });
  // The call to action scrolls to the form.
  b.update<'button'>(cta, {
    attributes: { basic: { action: { type: 'goto-element', elementId: register } } },
  });

  footer(b);
  return b.build();
}
