import type { StepType } from '@funnelwork/domain/funnels/rules';
import type { EditorDocument } from '../document/schema.ts';
import { checkoutDocument } from './checkout.ts';
import { downsellDocument } from './downsell.ts';
import * as kit from './kit-pages.ts';
import { landingOptInDocument } from './landing-opt-in.ts';
import { salesPageDocument } from './sales-page.ts';
import { thankYouDocument } from './thank-you.ts';
import { upsellDocument } from './upsell.ts';

/** The funnel kits the gallery groups its templates in; each builds a whole funnel, step by step. */
export const FUNNEL_KITS = [
  {
    id: 'lead-magnet',
    name: 'Lead magnet',
    description: 'Give a free guide or checklist for an e-mail address, then deliver it.',
  },
  {
    id: 'tripwire',
    name: 'Tripwire',
    description: 'Turn a new subscriber into a buyer with a small offer, then an upsell and a downsell.',
  },
  {
    id: 'product-launch',
    name: 'Product launch',
    description: 'Early-access list, a free lesson, the sales page and a checkout with upsells.',
  },
  {
    id: 'webinar',
    name: 'Webinar',
    description: 'Registration, confirmation, the replay and the offer from the class.',
  },
  {
    id: 'free-plus-shipping',
    name: 'Free plus shipping',
    description: 'A free physical product for the price of shipping, an upsell and a downsell.',
  },
] as const satisfies readonly { id: string; name: string; description: string }[];
export type FunnelKitId = (typeof FUNNEL_KITS)[number]['id'];

/** What a template is for, finer than its step type: the gallery's 'Type' filter. */
export const TEMPLATE_FORMATS = [
  { id: 'opt-in', title: 'Opt-in' },
  { id: 'sales-page', title: 'Sales page' },
  { id: 'content', title: 'Content page' },
  { id: 'webinar-registration', title: 'Webinar registration' },
  { id: 'webinar-replay', title: 'Webinar replay' },
  { id: 'checkout-one-step', title: 'One-step checkout' },
  { id: 'checkout-two-step', title: 'Two-step checkout' },
  { id: 'order-bump', title: 'Order bump' },
  { id: 'upsell', title: 'Upsell' },
  { id: 'downsell', title: 'Downsell' },
  { id: 'thank-you', title: 'Thank you' },
] as const satisfies readonly { id: string; title: string }[];
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number]['id'];

/** A built-in step template of the gallery: one page (more pages would be A/B variants). */
export type StepTemplate = {
  /** The template id a step is created from (`template_id`); built-in ids never start with 'U.'. */
  id: string;
  name: string;
  stepType: StepType;
  /** The funnel kit it belongs to. */
  kit: FunnelKitId;
  format: TemplateFormat;
  badge: string;
  authorName: string;
  description: string;
  /** "tags (comma list)". */
  tags: string;
  /** Under the dashboard's public folder: `/templates/<id>.png` (or `.jpg`). */
  thumbnailUrl: string;
  pages: { name: string; document: () => EditorDocument }[];
};

const AUTHOR = 'Funnelwork';

type Details = Pick<StepTemplate, 'name' | 'description' | 'tags' | 'kit' | 'format'> & { badge?: string };

function template(
  id: string,
  stepType: StepType,
  details: Details,
  document: () => EditorDocument,
  thumbnail: 'png' | 'jpg' = 'jpg',
): StepTemplate {
  return {
    id,
    stepType,
    authorName: AUTHOR,
    thumbnailUrl: `/templates/${id}.${thumbnail}`,
    pages: [{ name: details.name, document }],
    ...details,
    badge: details.badge ?? '',
  };
}

/**
 * The built-in gallery: 32 templates in five funnel kits, every step type of the spec (1 Checkout … 6 Other).
 * The first six come first as before: the dashboard shows the first four as popular.
 */
export const STEP_TEMPLATES: readonly StepTemplate[] = [
  template(
    'checkout-two-step',
    1,
    {
      name: 'Two-step checkout',
      badge: 'Popular',
      kit: 'product-launch',
      format: 'checkout-two-step',
      description:
        'Offer, countdown and testimonial beside a two-step form with product choice, order summary and an order bump.',
      tags: 'checkout,two-step,order bump,timer',
    },
    checkoutDocument,
    'png',
  ),
  template(
    'upsell-one-click',
    2,
    {
      name: 'One-click upsell',
      badge: 'New',
      kit: 'product-launch',
      format: 'upsell',
      description:
        'A one-time offer with a crossed-out price, a countdown, a one-click yes and a quiet no thanks.',
      tags: 'upsell,one-click,timer',
    },
    upsellDocument,
    'png',
  ),
  template(
    'thank-you-next-steps',
    3,
    {
      name: 'Thank you with next steps',
      kit: 'product-launch',
      format: 'thank-you',
      description:
        'Order confirmation, three next steps, the order summary, a button to the purchase and social links.',
      tags: 'thank you,confirmation,order summary',
    },
    thankYouDocument,
    'png',
  ),
  template(
    'downsell-essentials',
    4,
    {
      name: 'Essentials downsell',
      kit: 'product-launch',
      format: 'downsell',
      description: 'A smaller offer at a smaller price for those who declined the upsell.',
      tags: 'downsell,one-click',
    },
    downsellDocument,
    'png',
  ),
  template(
    'landing-lead-magnet',
    5,
    {
      name: 'Lead magnet opt-in',
      badge: 'Popular',
      kit: 'lead-magnet',
      format: 'opt-in',
      description:
        'A free guide opt-in: the promise and bullet points beside a short form, then three benefits.',
      tags: 'landing,opt-in,lead magnet,form',
    },
    landingOptInDocument,
    'png',
  ),
  template(
    'other-workshop-sales',
    6,
    {
      name: 'Workshop sales page',
      kit: 'webinar',
      format: 'sales-page',
      description:
        'A long-form page with a menu, a hero with a call to action, questions and answers, and a sign-up form.',
      tags: 'sales page,webinar,faq,form',
    },
    salesPageDocument,
    'png',
  ),
  template(
    'lead-magnet-ebook',
    5,
    {
      name: 'E-book opt-in',
      kit: 'lead-magnet',
      format: 'opt-in',
      description: 'An e-book cover beside the form, the promise and what is inside the guide.',
      tags: 'opt-in,lead magnet,e-book,form',
    },
    kit.ebookOptInDocument,
  ),
  template(
    'lead-magnet-checklist',
    5,
    {
      name: 'Checklist opt-in',
      kit: 'lead-magnet',
      format: 'opt-in',
      description: 'A one-column opt-in for a printable checklist, e-mail only, with two short reviews.',
      tags: 'opt-in,lead magnet,checklist,form',
    },
    kit.checklistOptInDocument,
  ),
  template(
    'lead-magnet-thank-you',
    3,
    {
      name: 'Download thank-you',
      kit: 'lead-magnet',
      format: 'thank-you',
      description: 'Thanks for signing up, three next steps and a download button for the guide.',
      tags: 'thank you,opt-in,download',
    },
    kit.leadMagnetThankYouDocument,
  ),
  template(
    'lead-magnet-bridge-offer',
    6,
    {
      name: 'Bridge offer',
      kit: 'lead-magnet',
      format: 'sales-page',
      description: 'A short page after the opt-in that offers a paid session at a new-reader price.',
      tags: 'sales page,offer,coaching',
    },
    kit.bridgeOfferDocument,
  ),
  template(
    'tripwire-offer',
    6,
    {
      name: 'Tripwire offer',
      badge: 'New',
      kit: 'tripwire',
      format: 'sales-page',
      description: 'A $7 offer for new subscribers: the promise, reviews and questions, with a deadline bar.',
      tags: 'sales page,tripwire,low price',
    },
    kit.tripwireOfferDocument,
  ),
  template(
    'tripwire-checkout',
    1,
    {
      name: 'One-step checkout',
      kit: 'tripwire',
      format: 'checkout-one-step',
      description: 'Details, product, an order bump and payment in one form beside what the buyer gets.',
      tags: 'checkout,one-step,order bump',
    },
    kit.tripwireCheckoutDocument,
  ),
  template(
    'checkout-bump-stack',
    1,
    {
      name: 'Checkout with two order bumps',
      kit: 'tripwire',
      format: 'order-bump',
      description:
        'A one-step checkout with a choice of two plans and two order bumps stacked above payment.',
      tags: 'checkout,one-step,order bump',
    },
    kit.checkoutBumpStackDocument,
  ),
  template(
    'tripwire-upsell',
    2,
    {
      name: 'Course upsell',
      kit: 'tripwire',
      format: 'upsell',
      description: 'A one-click upgrade with a crossed-out price, a countdown and what is inside.',
      tags: 'upsell,one-click,timer',
    },
    kit.tripwireUpsellDocument,
  ),
  template(
    'tripwire-downsell',
    4,
    {
      name: 'Planning sheets downsell',
      kit: 'tripwire',
      format: 'downsell',
      description: 'A smaller one-click offer for those who said no to the upsell.',
      tags: 'downsell,one-click',
    },
    kit.tripwireDownsellDocument,
  ),
  template(
    'tripwire-thank-you',
    3,
    {
      name: 'Download thank-you with order',
      kit: 'tripwire',
      format: 'thank-you',
      description: 'The order summary, three next steps and a download button.',
      tags: 'thank you,order summary,download',
    },
    kit.tripwireThankYouDocument,
  ),
  template(
    'launch-waitlist',
    5,
    {
      name: 'Early-access list',
      kit: 'product-launch',
      format: 'opt-in',
      description: 'An early-access opt-in with the launch date, the founding-member perks and a form.',
      tags: 'opt-in,launch,waitlist,form',
    },
    kit.launchWaitlistDocument,
  ),
  template(
    'launch-video-lesson',
    6,
    {
      name: 'Free video lesson',
      kit: 'product-launch',
      format: 'content',
      description: 'A pre-launch lesson page: the video, a button to watch and an exercise.',
      tags: 'launch,video,lesson',
    },
    kit.launchVideoLessonDocument,
  ),
  template(
    'launch-sales-page',
    6,
    {
      name: 'Course sales page',
      badge: 'Popular',
      kit: 'product-launch',
      format: 'sales-page',
      description:
        'A launch sales page: the course, how it works, reviews, questions and a closing deadline.',
      tags: 'sales page,launch,course,faq',
    },
    kit.launchSalesPageDocument,
  ),
  template(
    'launch-coaching-upsell',
    2,
    {
      name: 'Coaching upsell',
      kit: 'product-launch',
      format: 'upsell',
      description: 'Add 1:1 coaching to the course: the coach, what the calls cover and a one-click yes.',
      tags: 'upsell,one-click,coaching',
    },
    kit.launchVideoUpsellDocument,
  ),
  template(
    'webinar-registration',
    5,
    {
      name: 'Webinar registration',
      badge: 'Popular',
      kit: 'webinar',
      format: 'webinar-registration',
      description: 'The class, its date and a short registration form, with what attendees will learn.',
      tags: 'webinar,registration,opt-in,form',
    },
    kit.webinarRegistrationDocument,
  ),
  template(
    'webinar-registration-host',
    5,
    {
      name: 'Webinar registration with host',
      kit: 'webinar',
      format: 'webinar-registration',
      description: 'The form beside the promise, then a section about the host.',
      tags: 'webinar,registration,opt-in,host',
    },
    kit.webinarRegistrationHostDocument,
  ),
  template(
    'webinar-confirmation',
    3,
    {
      name: 'Webinar confirmation',
      kit: 'webinar',
      format: 'thank-you',
      description: 'You are registered: the date, three things to do before the class and a calendar button.',
      tags: 'webinar,thank you,calendar',
    },
    kit.webinarConfirmationDocument,
  ),
  template(
    'webinar-replay',
    6,
    {
      name: 'Webinar replay',
      kit: 'webinar',
      format: 'webinar-replay',
      description: 'The replay with a deadline bar, and the offer from the class beside its price.',
      tags: 'webinar,replay,video,offer',
    },
    kit.webinarReplayDocument,
  ),
  template(
    'webinar-checkout',
    1,
    {
      name: 'Webinar offer checkout',
      kit: 'webinar',
      format: 'checkout-one-step',
      description: 'A one-step checkout for the class offer with a payment plan and an order bump.',
      tags: 'checkout,one-step,webinar,order bump',
    },
    kit.webinarCheckoutDocument,
  ),
  template(
    'webinar-thank-you',
    3,
    {
      name: 'Members welcome',
      kit: 'webinar',
      format: 'thank-you',
      description: 'Welcome to the programme: the order, the first three steps and the members area.',
      tags: 'thank you,order summary,members',
    },
    kit.webinarThankYouDocument,
  ),
  template(
    'free-shipping-offer',
    6,
    {
      name: 'Free book offer',
      badge: 'New',
      kit: 'free-plus-shipping',
      format: 'sales-page',
      description: 'A free book for the price of shipping: the cover, what is inside, reviews and questions.',
      tags: 'sales page,free plus shipping,book',
    },
    kit.freeBookOfferDocument,
  ),
  template(
    'free-shipping-checkout',
    1,
    {
      name: 'Shipping checkout',
      kit: 'free-plus-shipping',
      format: 'checkout-one-step',
      description: 'A one-step checkout with the shipping address, the book, an e-book bump and payment.',
      tags: 'checkout,one-step,shipping,order bump',
    },
    kit.freeBookCheckoutDocument,
  ),
  template(
    'checkout-bump-first-step',
    1,
    {
      name: 'Two-step checkout, bump first',
      kit: 'free-plus-shipping',
      format: 'order-bump',
      description:
        'A two-step checkout whose order bump sits beside the product, before the shipping details.',
      tags: 'checkout,two-step,order bump',
    },
    kit.checkoutBumpFirstStepDocument,
  ),
  template(
    'free-shipping-upsell',
    2,
    {
      name: 'Audiobook upsell',
      kit: 'free-plus-shipping',
      format: 'upsell',
      description: 'A one-click audiobook offer with a countdown after the free book.',
      tags: 'upsell,one-click,timer',
    },
    kit.freeBookUpsellDocument,
  ),
  template(
    'free-shipping-downsell',
    4,
    {
      name: 'Bonus chapter downsell',
      kit: 'free-plus-shipping',
      format: 'downsell',
      description: 'A $5 one-click offer for those who declined the audiobook.',
      tags: 'downsell,one-click',
    },
    kit.freeBookDownsellDocument,
  ),
  template(
    'free-shipping-thank-you',
    3,
    {
      name: 'Shipping thank-you',
      kit: 'free-plus-shipping',
      format: 'thank-you',
      description: 'The order, when the book ships, three next steps and a link to the readers’ group.',
      tags: 'thank you,order summary,shipping',
    },
    kit.freeBookThankYouDocument,
  ),
];

/** The steps a kit's funnel is created with, in order: a template and the step's name. */
export const FUNNEL_KIT_STEPS: Record<FunnelKitId, readonly { templateId: string; name: string }[]> = {
  'lead-magnet': [
    { templateId: 'lead-magnet-ebook', name: 'Opt-in' },
    { templateId: 'lead-magnet-thank-you', name: 'Thank you' },
  ],
  tripwire: [
    { templateId: 'tripwire-offer', name: 'Offer' },
    { templateId: 'tripwire-checkout', name: 'Checkout' },
    { templateId: 'tripwire-upsell', name: 'Upsell' },
    { templateId: 'tripwire-downsell', name: 'Downsell' },
    { templateId: 'tripwire-thank-you', name: 'Thank you' },
  ],
  'product-launch': [
    { templateId: 'launch-waitlist', name: 'Early access' },
    { templateId: 'launch-video-lesson', name: 'Free lesson' },
    { templateId: 'launch-sales-page', name: 'Sales page' },
    { templateId: 'checkout-two-step', name: 'Checkout' },
    { templateId: 'launch-coaching-upsell', name: 'Upsell' },
    { templateId: 'downsell-essentials', name: 'Downsell' },
    { templateId: 'thank-you-next-steps', name: 'Thank you' },
  ],
  webinar: [
    { templateId: 'webinar-registration', name: 'Registration' },
    { templateId: 'webinar-confirmation', name: 'Confirmation' },
    { templateId: 'webinar-replay', name: 'Replay' },
    { templateId: 'webinar-checkout', name: 'Checkout' },
    { templateId: 'webinar-thank-you', name: 'Thank you' },
  ],
  'free-plus-shipping': [
    { templateId: 'free-shipping-offer', name: 'Free book' },
    { templateId: 'free-shipping-checkout', name: 'Checkout' },
    { templateId: 'free-shipping-upsell', name: 'Upsell' },
    { templateId: 'free-shipping-downsell', name: 'Downsell' },
    { templateId: 'free-shipping-thank-you', name: 'Thank you' },
  ],
};

export function findStepTemplate(id: string): StepTemplate | undefined {
  return STEP_TEMPLATES.find((candidate) => candidate.id === id);
}

export function findFunnelKit(id: string) {
  return FUNNEL_KITS.find((candidate) => candidate.id === id);
}
