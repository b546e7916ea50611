import type { EditorDocument } from '../document/schema.ts';
import { pad, TemplateBuilder } from './builder.ts';
import { COLORS, footer, headline, paragraph } from './kit.ts';
import {
  centredHero,
  checklist,
  checkoutPage,
  cta,
  guarantee,
  offerCard,
  offerPage,
  oneStepCheckout,
  optInCard,
  picture,
  placeholderLink,
  questions,
  splitHero,
  testimonials,
  thankYouPage,
  threeCards,
  topBar,
} from './sections.ts';

/** The pages of the funnel kits, one function per template (the catalogue names and groups them). */

const page = (seed: number, background: string = COLORS.white) =>
  new TemplateBuilder(seed, { padding: pad(0), backgroundColor: background });

// ── Lead magnet ────────────────────────────────────────────────────────────────────────────────────

export function ebookOptInDocument(): EditorDocument {
  const b = page(7001);
  splitHero(
    b,
    {
      eyebrow: 'FREE E-BOOK',
      title: 'The Small Shop Pricing Guide',
      text: 'Forty pages on pricing that sells: what to charge, how to show it and when to raise it.',
      bullets: [
        'Three pricing models compared',
        'The price-anchoring page layout',
        'Scripts for raising prices',
      ],
    },
    (slot) => {
      picture(
        b,
        slot,
        'ebook-cover',
        'Cover of the pricing guide',
        { width: 180, height: 240 },
        {
          hideOnMobile: true,
          aboveFold: true,
        },
      );
      optInCard(b, slot, {
        title: 'Get the free e-book',
        text: 'It arrives in your inbox within two minutes.',
        button: 'Send me the e-book',
      });
    },
  );
  threeCards(b, 'Inside the guide', [
    ['Know your numbers', 'Work out the lowest price you can take and the highest your buyers will pay.'],
    ['Show the price well', 'Lay out plans and bundles so the middle one is the easy choice.'],
    ['Raise it without fear', 'Tell existing customers in a way that keeps them.'],
  ]);
  footer(b);
  return b.build();
}

export function checklistOptInDocument(): EditorDocument {
  const b = page(7002, COLORS.soft);
  centredHero(
    b,
    {
      eyebrow: 'FREE CHECKLIST',
      title: 'The 21-point launch checklist',
      text: 'Everything to check before you open your doors — print it, tick it, launch with confidence.',
    },
    (slot) => {
      picture(b, slot, 'checklist', 'A printed checklist', { width: 200, height: 240 }, { aboveFold: true });
    },
  );
  const form = b.section({ basic: { width: 'half' }, advanced: { padding: pad(40, 20) } });
  const [slot] = b.row(form);
  optInCard(b, slot!, {
    title: 'Where should we send it?',
    text: 'One e-mail with the PDF, then a short tip each week. Leave whenever you like.',
    button: 'Send me the checklist',
    askName: false,
  });
  testimonials(b, [
    ['I found four gaps in my launch plan in ten minutes.', 'Priya S., candle maker'],
    ['Printed, ticked and launched the same week.', 'Tom W., fitness coach'],
  ]);
  footer(b);
  return b.build();
}

export function leadMagnetThankYouDocument(): EditorDocument {
  const b = page(7003, COLORS.soft);
  thankYouPage(b, {
    title: 'It is on its way!',
    text: 'Check your inbox for the guide. You can also download it right now.',
    image: { name: 'ebook-cover', alt: 'Cover of the guide' },
    steps: [
      ['1. Download it', 'Save the PDF where you will find it again.'],
      ['2. Read chapter one', 'It takes ten minutes and has the biggest win.'],
      ['3. Reply to our e-mail', 'Tell us your biggest question: we answer every one.'],
    ],
    orderSummary: false,
    link: { text: 'Download the guide', placeholder: 'guide.pdf' },
  });
  footer(b);
  return b.build();
}

export function bridgeOfferDocument(): EditorDocument {
  const b = page(7004);
  centredHero(
    b,
    {
      eyebrow: 'WHILE YOU WAIT FOR YOUR GUIDE',
      title: 'Want us to set your prices with you?',
      text: 'A 45-minute pricing session with one of our coaches, normally $150 — today $49 for new readers.',
    },
    (slot) => {
      cta(b, slot, 'Book my session for $49', { type: 'next-step' }, { sub: 'Pick a time after checkout' });
    },
  );
  threeCards(b, 'What happens in the session', [
    ['Before', 'You answer six questions about your products and customers.'],
    ['During', 'We go through your prices line by line and set new ones together.'],
    ['After', 'You get a written summary and a price sheet to publish.'],
  ]);
  guarantee(b, 'Love it or it is free', 'If the session does not help, tell us and we refund you in full.');
  footer(b);
  return b.build();
}

// ── Tripwire ───────────────────────────────────────────────────────────────────────────────────────

export function tripwireOfferDocument(): EditorDocument {
  const b = page(7101);
  topBar(b, 'NEW-SUBSCRIBER PRICE · ENDS TONIGHT', COLORS.orange);
  splitHero(
    b,
    {
      eyebrow: '30 TEMPLATES · $7',
      title: 'Write a week of social posts in one hour',
      text: 'Fill-in-the-blank post templates for shops and coaches, tested on 200 accounts.',
      bullets: [
        '30 templates for every kind of post',
        'Caption formulas that get replies',
        'A 4-week posting plan',
      ],
    },
    (slot) => {
      picture(
        b,
        slot,
        'checklist',
        'Post templates',
        { width: 200, height: 240 },
        { aboveFold: true, hideOnMobile: true },
      );
      cta(
        b,
        slot,
        'Get the templates for $7',
        { type: 'next-step' },
        { sub: 'Instant download', fill: true },
      );
    },
  );
  testimonials(b, [
    ['Best seven dollars I spent this year.', 'Anna L., florist'],
    ['My posts went from crickets to comments in a week.', 'Marco P., personal trainer'],
    ['I batch a whole month on Sunday mornings now.', 'Jess R., bakery owner'],
  ]);
  questions(b, [
    ['What format are the templates in?', 'A PDF and an editable document you can copy from.'],
    ['Is this a subscription?', 'No. You pay $7 once and keep the templates.'],
  ]);
  footer(b);
  return b.build();
}

export function tripwireCheckoutDocument(): EditorDocument {
  const b = page(7102, COLORS.soft);
  checkoutPage(
    b,
    {
      brand: 'YOUR BRAND · SECURE CHECKOUT',
      eyebrow: 'ALMOST THERE',
      title: '30 Social Post Templates',
      text: 'One payment of $7. Download right after your order.',
      includes: ['30 post templates', 'Caption formulas', '4-week posting plan'],
      image: { name: 'checklist', alt: 'Post templates' },
      quote: ['I saved five hours in my first week.', 'Dana M., yoga teacher'],
    },
    (slot) =>
      oneStepCheckout(b, slot, {
        products: [['30 Social Post Templates', 7]],
        bumps: [
          [
            'Yes! Add 50 story templates for {{offer_price}}',
            'Matching Instagram story layouts, ready to fill in.',
          ],
        ],
        button: 'Complete my order',
      }),
  );
  guarantee(b, '30-day money-back guarantee', 'Not useful? Write to us within 30 days for a full refund.');
  footer(b);
  return b.build();
}

export function tripwireUpsellDocument(): EditorDocument {
  const b = page(7103);
  offerPage(b, {
    notice: 'WAIT! Your order is not complete yet',
    eyebrow: 'ONE-TIME UPGRADE',
    title: 'Turn your posts into sales with the 30-day content course',
    text: 'Video lessons that show how to plan, write and sell with the templates you just bought.',
    inside: ['12 short video lessons', 'Weekly planning sheets', 'Private community access'],
    image: { name: 'course-laptop', alt: 'The course on a laptop' },
    offer: {
      name: '30-day content course',
      was: 'Regular price $97',
      price: '{{offer_price}}',
      note: 'one payment · lifetime access',
      yes: 'Yes, add the course',
      yesSub: 'One click, no card needed again',
      no: 'No thanks, I will plan on my own',
      minutes: 15,
    },
  });
  footer(b);
  return b.build();
}

export function tripwireDownsellDocument(): EditorDocument {
  const b = page(7104, COLORS.soft);
  const hero = centredHero(
    b,
    {
      eyebrow: 'ONE LAST THING',
      title: 'Just the planning sheets, then?',
      text: 'The printable weekly sheets from the course, for less than a coffee a week.',
    },
    undefined,
    false,
  );
  const [slot] = b.row(hero, 'one');
  offerCard(
    b,
    slot!,
    {
      name: 'Weekly planning sheets',
      price: '{{offer_price}}',
      note: 'printable PDF · yours to keep',
      yes: 'Yes, add the sheets',
      yesSub: 'Added with one click',
      no: 'No thanks, take me to my order',
    },
    COLORS.accent,
  );
  footer(b);
  return b.build();
}

export function tripwireThankYouDocument(): EditorDocument {
  const b = page(7105, COLORS.soft);
  thankYouPage(b, {
    title: 'Thank you! Your templates are ready',
    text: 'Your receipt is in your inbox. Download everything you bought below.',
    steps: [
      ['1. Download', 'Save the files from the button below.'],
      ['2. Pick five posts', 'Start with the templates marked “easy win”.'],
      ['3. Schedule them', 'Post one a day and watch the replies.'],
    ],
    orderSummary: true,
    link: { text: 'Download my templates', placeholder: 'downloads' },
  });
  footer(b);
  return b.build();
}

export function checkoutBumpStackDocument(): EditorDocument {
  const b = page(7106, COLORS.soft);
  checkoutPage(
    b,
    {
      brand: 'YOUR BRAND · SECURE CHECKOUT',
      eyebrow: 'YOUR STARTER KIT',
      title: 'The Home Workout Starter Kit',
      text: 'Eight weeks of 20-minute workouts with no equipment — start today.',
      includes: ['8-week video programme', 'Printable tracker', 'Meal-prep guide'],
      quote: ['Down two sizes and I never left the living room.', 'Chris B., nurse'],
    },
    (slot) =>
      oneStepCheckout(b, slot, {
        products: [
          ['Starter Kit', 27],
          ['Starter Kit + coaching check-ins', 67],
        ],
        bumps: [
          ['Add the recipe book for {{offer_price}}', '60 quick recipes that fit the meal-prep guide.'],
          ['Add the stretching series for {{offer_price}}', 'Ten-minute recovery sessions for rest days.'],
        ],
        button: 'Start my programme',
      }),
  );
  guarantee(b, '60-day guarantee', 'Do the workouts for 60 days. If nothing changes, we refund you.');
  footer(b);
  return b.build();
}

// ── Product launch ─────────────────────────────────────────────────────────────────────────────────

export function launchWaitlistDocument(): EditorDocument {
  const b = page(7201);
  splitHero(
    b,
    {
      eyebrow: 'DOORS OPEN 14 MARCH',
      title: 'Be first in line for the Growth Course',
      text: 'Join the early-access list: the best price, the first cohort and a free planning call.',
      bullets: ['Founding-member price', 'A seat in the first cohort', 'Free 20-minute planning call'],
    },
    (slot) =>
      optInCard(b, slot, {
        title: 'Join the early-access list',
        text: 'We write once when doors open. No spam.',
        button: 'Put me on the list',
      }),
  );
  threeCards(b, 'Why join now', [
    ['Lowest price ever', 'Founding members pay 40% less, for as long as they stay.'],
    ['Shape the course', 'Tell us what you need and we build lessons around it.'],
    ['Meet the cohort', 'Start with a small group that keeps you on track.'],
  ]);
  footer(b);
  return b.build();
}

export function launchVideoLessonDocument(): EditorDocument {
  const b = page(7202, COLORS.soft);
  centredHero(
    b,
    {
      eyebrow: 'FREE LESSON 1 OF 3',
      title: 'Find the offer your customers already want',
      text: 'Watch the 18-minute lesson, then do the exercise below before lesson two arrives tomorrow.',
    },
    (slot) => {
      picture(
        b,
        slot,
        'video-poster',
        'Lesson one video',
        { width: 560, height: 315 },
        {
          aboveFold: true,
          margin: 24,
        },
      );
      cta(b, slot, 'Watch lesson one', placeholderLink('lesson-1'));
    },
  );
  threeCards(b, 'Your exercise', [
    ['List ten questions', 'Write down the ten questions customers ask you most.'],
    ['Circle three', 'Pick the three you could answer in a short course.'],
    ['Ask five people', 'Would they pay to have it solved? Note what they say.'],
  ]);
  footer(b);
  return b.build();
}

export function launchSalesPageDocument(): EditorDocument {
  const b = page(7203);
  centredHero(
    b,
    {
      eyebrow: 'THE GROWTH COURSE · DOORS OPEN',
      title: 'Launch your first profitable funnel in 30 days',
      text: 'Twelve lessons, weekly live calls and templates that do the heavy lifting.',
    },
    (slot) => {
      picture(
        b,
        slot,
        'course-laptop',
        'The course on a laptop',
        { width: 400, height: 250 },
        {
          aboveFold: true,
          margin: 24,
        },
      );
      cta(b, slot, 'Enrol now for $297', { type: 'next-step' }, { sub: 'or 3 payments of $109' });
    },
  );
  threeCards(b, 'How the course works', [
    ['Week 1 — Offer', 'Find and package the product your customers want.'],
    ['Week 2 — Funnel', 'Build the landing page, checkout and upsell.'],
    ['Weeks 3–4 — Traffic', 'Bring visitors with e-mail, social and ads.'],
  ]);
  testimonials(b, [
    ['My first funnel made $4,200 in its first month.', 'Lena H., illustrator'],
    ['The live calls alone are worth the price.', 'Sam O., consultant'],
    ['Clear, practical and no fluff.', 'Irene D., online tutor'],
  ]);
  questions(b, [
    ['How long do I have access?', 'For life, including every future update.'],
    ['What if I fall behind?', 'Every call is recorded and the lessons wait for you.'],
    ['Is there a refund?', 'Yes: 30 days, no questions asked.'],
  ]);
  const close = b.section({ basic: { backgroundColor: COLORS.navy }, advanced: { padding: pad(48, 20) } });
  const [slot] = b.row(close);
  headline(b, slot!, 'Doors close on Friday at midnight', 28, {
    font: { color: COLORS.white, align: 'center' },
    marginBottom: 20,
  });
  cta(b, slot!, 'Join the Growth Course', { type: 'next-step' });
  footer(b);
  return b.build();
}

export function launchVideoUpsellDocument(): EditorDocument {
  const b = page(7204);
  offerPage(b, {
    notice: 'Your course is confirmed — one more thing',
    eyebrow: 'ADD COACHING',
    title: 'Get your funnel reviewed by a coach, live',
    text: 'Four 1:1 calls where a coach goes through your pages and numbers with you.',
    inside: ['Four 45-minute calls', 'Written feedback after each', 'Priority answers by e-mail'],
    image: { name: 'host-portrait', alt: 'Your coach' },
    accent: COLORS.accent,
    offer: {
      name: 'Four coaching calls',
      was: 'Regular price $600',
      price: '{{offer_price}}',
      note: 'one payment · book in the first 60 days',
      yes: 'Yes, add coaching',
      yesSub: 'One click, same card',
      no: 'No thanks, I will go it alone',
    },
  });
  footer(b);
  return b.build();
}

// ── Webinar ────────────────────────────────────────────────────────────────────────────────────────

const WEBINAR = {
  eyebrow: 'FREE LIVE TRAINING · THURSDAY 7 PM',
  title: 'How to sell online courses without a big audience',
  text: 'A 60-minute live class with questions at the end. Can’t make it? Register and get the replay.',
} as const;

export function webinarRegistrationDocument(): EditorDocument {
  const b = page(7301, COLORS.soft);
  let button = 0;
  centredHero(b, WEBINAR, (slot) => {
    button = cta(b, slot, 'Save my free seat', { type: 'no-link' }, { sub: 'Takes 20 seconds' });
  });
  const form = b.section({ basic: { width: 'half' }, advanced: { padding: pad(40, 20) } });
  // The call to action scrolls to the form.
  b.update<'button'>(button, {
    attributes: { basic: { action: { type: 'goto-element', elementId: form } } },
  });
  const [slot] = b.row(form);
  optInCard(b, slot!, {
    title: 'Register for the class',
    text: 'We send the link and a reminder an hour before.',
    button: 'Register now',
  });
  threeCards(b, 'You will learn', [
    ['The small-list launch', 'How 300 subscribers can fill a course.'],
    ['The one-page offer', 'A sales page that works without a video.'],
    ['The follow-up', 'Three e-mails that sell after the class.'],
  ]);
  footer(b);
  return b.build();
}

export function webinarRegistrationHostDocument(): EditorDocument {
  const b = page(7302);
  splitHero(
    b,
    { ...WEBINAR, bullets: ['Live questions and answers', 'Slides to keep', 'Replay for 48 hours'] },
    (slot) =>
      optInCard(b, slot, {
        title: 'Save your free seat',
        text: 'Seats are limited to 500.',
        button: 'Register now',
      }),
  );
  const host = b.section({ advanced: { padding: pad(48, 20) } });
  const [photo, bio] = b.row(host, 'two');
  picture(b, photo!, 'host-portrait', 'Your host', { width: 220, height: 220 });
  headline(b, bio!, 'Your host: Alex Morgan', 26, { marginBottom: 12 });
  paragraph(
    b,
    bio!,
    'Alex has launched eleven online courses and taught 20,000 students. Before that, Alex ran a small design studio — so this class is about what works without a big team.',
    { font: { size: 16 }, marginBottom: 0 },
  );
  footer(b);
  return b.build();
}

export function webinarConfirmationDocument(): EditorDocument {
  const b = page(7303, COLORS.soft);
  thankYouPage(b, {
    title: 'You are registered!',
    text: 'The class starts Thursday at 7 PM. Your link is in your inbox.',
    image: { name: 'calendar', alt: 'The class date in a calendar' },
    steps: [
      ['1. Add it to your calendar', 'Use the button below so you do not miss it.'],
      ['2. Whitelist our address', 'Make sure the reminder reaches your inbox.'],
      ['3. Bring a question', 'The last 15 minutes are for yours.'],
    ],
    orderSummary: false,
    link: { text: 'Add to my calendar', placeholder: 'calendar.ics' },
  });
  footer(b);
  return b.build();
}

export function webinarReplayDocument(): EditorDocument {
  const b = page(7304);
  topBar(b, 'The replay is online until Sunday midnight', COLORS.orange);
  centredHero(
    b,
    {
      eyebrow: 'REPLAY',
      title: 'How to sell online courses without a big audience',
      text: 'Watch the full class, then take the offer before the replay comes down.',
    },
    (slot) => {
      picture(
        b,
        slot,
        'video-poster',
        'The class replay',
        { width: 560, height: 315 },
        {
          aboveFold: true,
          margin: 24,
        },
      );
      cta(b, slot, 'Watch the replay', placeholderLink('replay'));
    },
  );
  const offer = b.section({ basic: { backgroundColor: COLORS.soft }, advanced: { padding: pad(48, 20) } });
  const [what, buy] = b.row(offer, 'two');
  headline(b, what!, 'The offer from the class', 26, { marginBottom: 12 });
  checklist(b, what!, ['The Course Launch Kit', 'Six live group calls', 'Sales-page and e-mail templates']);
  const card = b.row(offer)[0]!;
  paragraph(b, card, 'Replay viewers keep the live price until Sunday.', {
    font: { size: 15, align: 'center' },
    marginBottom: 0,
  });
  headline(b, buy!, '$197', 44, { font: { color: COLORS.orange, align: 'center' }, marginBottom: 4 });
  paragraph(b, buy!, 'instead of $397', {
    font: { size: 15, align: 'center', lineThrough: true },
    marginBottom: 16,
  });
  cta(b, buy!, 'Get the Launch Kit', { type: 'next-step' }, { color: COLORS.green, hover: COLORS.greenDark });
  footer(b);
  return b.build();
}

export function webinarCheckoutDocument(): EditorDocument {
  const b = page(7305, COLORS.soft);
  checkoutPage(
    b,
    {
      brand: 'YOUR BRAND · SECURE CHECKOUT',
      eyebrow: 'CLASS OFFER',
      title: 'The Course Launch Kit',
      text: 'Everything from the class, plus six live calls to launch with us.',
      includes: ['Launch Kit templates', 'Six live group calls', 'Private community'],
      image: { name: 'course-laptop', alt: 'The Launch Kit' },
      quote: ['I launched two weeks after the class and sold 38 seats.', 'Rita G., language teacher'],
    },
    (slot) =>
      oneStepCheckout(b, slot, {
        products: [
          ['Course Launch Kit', 197],
          ['Launch Kit · 3 payments', 69],
        ],
        bumps: [
          [
            'Add a sales-page review for {{offer_price}}',
            'A coach marks up your sales page within 48 hours.',
          ],
        ],
        button: 'Join the Launch Kit',
      }),
  );
  guarantee(b, '30-day money-back guarantee', 'Try the kit and the calls. Not for you? Full refund.');
  footer(b);
  return b.build();
}

export function webinarThankYouDocument(): EditorDocument {
  const b = page(7306, COLORS.soft);
  thankYouPage(b, {
    title: 'Welcome to the Launch Kit!',
    text: 'Your receipt is on its way. Here is how to get started.',
    steps: [
      ['1. Join the community', 'Introduce yourself and your course idea.'],
      ['2. Book the first call', 'Calls are on Tuesdays; the first is next week.'],
      ['3. Open the templates', 'Start with the sales-page outline.'],
    ],
    orderSummary: true,
    link: { text: 'Go to the members area', placeholder: 'members' },
  });
  footer(b);
  return b.build();
}

// ── Free plus shipping ─────────────────────────────────────────────────────────────────────────────

export function freeBookOfferDocument(): EditorDocument {
  const b = page(7401);
  topBar(b, 'FREE BOOK · YOU ONLY PAY SHIPPING', COLORS.orange);
  splitHero(
    b,
    {
      eyebrow: 'FREE + SHIPPING',
      title: 'Get The Small Shop Playbook free',
      text: 'The 240-page paperback on running a profitable shop. We pay for the book, you cover $7.95 shipping.',
      bullets: [
        'How to find products that sell',
        'The pricing chapter readers love',
        'Checklists for every month',
      ],
    },
    (slot) => {
      picture(b, slot, 'book', 'The Small Shop Playbook', { width: 220, height: 275 }, { aboveFold: true });
      cta(
        b,
        slot,
        'Send me my free book',
        { type: 'next-step' },
        { sub: 'Only $7.95 shipping worldwide', fill: true },
      );
    },
    false,
  );
  testimonials(b, [
    ['I read it in a weekend and changed my prices on Monday.', 'Hannah K., gift shop'],
    ['Better than courses that cost 50 times more.', 'Joe F., print shop'],
    ['The monthly checklists live on my wall.', 'Mei L., tea shop'],
  ]);
  questions(b, [
    ['Is the book really free?', 'Yes. You pay only the shipping, $7.95 anywhere in the world.'],
    ['When will it arrive?', 'Within 5–10 working days; we e-mail you the tracking number.'],
  ]);
  footer(b);
  return b.build();
}

export function freeBookCheckoutDocument(): EditorDocument {
  const b = page(7402, COLORS.soft);
  checkoutPage(
    b,
    {
      brand: 'YOUR BRAND · SECURE CHECKOUT',
      eyebrow: 'WHERE SHOULD WE SEND IT?',
      title: 'The Small Shop Playbook',
      text: 'Free paperback — you pay $7.95 shipping.',
      includes: ['240-page paperback', 'Monthly checklists', 'Tracking number by e-mail'],
      image: { name: 'book', alt: 'The Small Shop Playbook' },
      quote: ['Arrived in four days and I could not put it down.', 'Oliver N., bike shop'],
    },
    (slot) =>
      oneStepCheckout(b, slot, {
        products: [['The Small Shop Playbook (shipping)', 7.95]],
        bumps: [
          [
            'Add the e-book edition for {{offer_price}}',
            'Start reading tonight while the paperback travels.',
          ],
        ],
        button: 'Ship my free book',
        address: true,
      }),
  );
  footer(b);
  return b.build();
}

export function freeBookUpsellDocument(): EditorDocument {
  const b = page(7403);
  offerPage(b, {
    notice: 'Your book is on its way — wait, one more thing',
    eyebrow: 'LISTEN WHILE YOU WAIT',
    title: 'Add the audiobook, read by the author',
    text: 'Seven hours you can listen to on the way to work, starting today.',
    inside: ['Full audiobook (7 h 20 min)', 'Bonus interview chapter', 'Works on any phone'],
    image: { name: 'headphones', alt: 'The audiobook' },
    offer: {
      name: 'Audiobook edition',
      was: 'Regular price $29',
      price: '{{offer_price}}',
      note: 'one payment · download and stream',
      yes: 'Yes, add the audiobook',
      yesSub: 'One click, same card',
      no: 'No thanks, the paperback is enough',
      minutes: 10,
    },
  });
  footer(b);
  return b.build();
}

export function freeBookDownsellDocument(): EditorDocument {
  const b = page(7404, COLORS.soft);
  const hero = centredHero(
    b,
    {
      eyebrow: 'SMALLER PRICE',
      title: 'Just the bonus interview chapter?',
      text: 'The 40-minute author interview on how the book’s shops grew, as an audio file.',
    },
    undefined,
    false,
  );
  const [slot] = b.row(hero, 'one');
  offerCard(
    b,
    slot!,
    {
      name: 'Bonus interview (audio)',
      price: '{{offer_price}}',
      note: 'yours to keep',
      yes: 'Yes, add the interview',
      yesSub: 'Added with one click',
      no: 'No thanks, show me my order',
    },
    COLORS.accent,
  );
  footer(b);
  return b.build();
}

export function freeBookThankYouDocument(): EditorDocument {
  const b = page(7405, COLORS.soft);
  thankYouPage(b, {
    title: 'Your book is on its way!',
    text: 'We e-mail your tracking number as soon as it ships, usually within a working day.',
    image: { name: 'book', alt: 'The Small Shop Playbook' },
    steps: [
      ['1. Watch your inbox', 'Your receipt now, the tracking number tomorrow.'],
      ['2. Join the readers’ group', 'Owners swap ideas from each chapter.'],
      ['3. Start with chapter 4', 'Pricing: the quickest win in the book.'],
    ],
    orderSummary: true,
    link: { text: 'Join the readers’ group', placeholder: 'readers' },
  });
  footer(b);
  return b.build();
}

export function checkoutBumpFirstStepDocument(): EditorDocument {
  const b = page(7406, COLORS.soft);
  checkoutPage(
    b,
    {
      brand: 'YOUR BRAND · SECURE CHECKOUT',
      eyebrow: 'STEP 1 OF 2',
      title: 'The Small Shop Playbook',
      text: 'Free paperback, $7.95 shipping. Add the bonus pack before you go on.',
      includes: ['240-page paperback', 'Monthly checklists', 'Free shipping updates'],
      quote: ['The bonus pack is where I found my best supplier.', 'Rosa V., ceramics shop'],
    },
    (slot) => {
      const form = b.block(slot, 'twoStepForm', {
        attributes: {
          basic: { titleFont: { size: 16 }, subtitleFont: { size: 13, color: COLORS.muted } },
          advanced: { padding: pad(24) },
        },
      });
      const step1 = { kind: 'step', formId: form, step: 1 } as const;
      b.block(
        step1,
        'productList',
        {
          attributes: {
            basic: {
              selectionType: 'single',
              entries: [{ productId: null, title: 'Playbook (shipping)', pcs: 1, price: 7.95 }],
            },
            advanced: { margin: pad(0, 0, 16, 0) },
          },
        },
        0,
      );
      b.block(
        step1,
        'orderBump',
        {
          attributes: {
            basic: {
              headline: 'Add the supplier list for {{offer_price}}',
              content: '300 wholesale suppliers, sorted by product.',
            },
            advanced: { margin: pad(0, 0, 16, 0) },
          },
        },
        1,
      );
      b.block(
        { kind: 'step', formId: form, step: 2 },
        'orderSummary',
        { attributes: { advanced: { margin: pad(0, 0, 16, 0) } } },
        0,
      );
    },
  );
  footer(b);
  return b.build();
}
