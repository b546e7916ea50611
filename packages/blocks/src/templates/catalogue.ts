import type { StepType } from '@funnelwork/domain/funnels/rules';
import type { EditorDocument } from '../document/schema.ts';
import { checkoutDocument } from './checkout.ts';
import { downsellDocument } from './downsell.ts';
import { landingOptInDocument } from './landing-opt-in.ts';
import { salesPageDocument } from './sales-page.ts';
import { thankYouDocument } from './thank-you.ts';
import { upsellDocument } from './upsell.ts';

/** A built-in step template of the gallery: one page (more pages would be A/B variants). */
export type StepTemplate = {
  /** The template id a step is created from (`template_id`); built-in ids never start with 'U.'. */
  id: string;
  name: string;
  stepType: StepType;
  badge: string;
  authorName: string;
  description: string;
  /** "tags (comma list)". */
  tags: string;
  /** Under the dashboard's public folder: `/templates/<id>.png`. */
  thumbnailUrl: string;
  pages: { name: string; document: () => EditorDocument }[];
};

const AUTHOR = 'Funnelwork';

function template(
  id: string,
  stepType: StepType,
  details: Pick<StepTemplate, 'name' | 'badge' | 'description' | 'tags'>,
  document: () => EditorDocument,
): StepTemplate {
  return {
    id,
    stepType,
    authorName: AUTHOR,
    thumbnailUrl: `/templates/${id}.png`,
    pages: [{ name: details.name, document }],
    ...details,
  };
}

/** The built-in gallery, one or more per step type (spec §3: 1 Checkout … 6 Other). */
export const STEP_TEMPLATES: readonly StepTemplate[] = [
  template(
    'checkout-two-step',
    1,
    {
      name: 'Two-step checkout',
      badge: 'Popular',
      description:
        'Offer, countdown and testimonial beside a two-step form with product choice, order summary and an order bump.',
      tags: 'checkout,two-step,order bump,timer',
    },
    checkoutDocument,
  ),
  template(
    'upsell-one-click',
    2,
    {
      name: 'One-click upsell',
      badge: 'New',
      description:
        'A one-time offer with a crossed-out price, a countdown, a one-click yes and a quiet no thanks.',
      tags: 'upsell,one-click,timer',
    },
    upsellDocument,
  ),
  template(
    'thank-you-next-steps',
    3,
    {
      name: 'Thank you with next steps',
      badge: '',
      description:
        'Order confirmation, three next steps, the order summary, a button to the purchase and social links.',
      tags: 'thank you,confirmation,order summary',
    },
    thankYouDocument,
  ),
  template(
    'downsell-essentials',
    4,
    {
      name: 'Essentials downsell',
      badge: '',
      description: 'A smaller offer at a smaller price for those who declined the upsell.',
      tags: 'downsell,one-click',
    },
    downsellDocument,
  ),
  template(
    'landing-lead-magnet',
    5,
    {
      name: 'Lead magnet opt-in',
      badge: 'Popular',
      description:
        'A free guide opt-in: the promise and bullet points beside a short form, then three benefits.',
      tags: 'landing,opt-in,lead magnet,form',
    },
    landingOptInDocument,
  ),
  template(
    'other-workshop-sales',
    6,
    {
      name: 'Workshop sales page',
      badge: '',
      description:
        'A long-form page with a menu, a hero with a call to action, questions and answers, and a sign-up form.',
      tags: 'sales page,webinar,faq,form',
    },
    salesPageDocument,
  ),
];

export function findStepTemplate(id: string): StepTemplate | undefined {
  return STEP_TEMPLATES.find((candidate) => candidate.id === id);
}
