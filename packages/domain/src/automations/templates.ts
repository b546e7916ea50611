import { z } from 'zod';
import { dataAnswer, dataBody } from '../shared/envelope.ts';
import { idValue, isStorableText } from '../shared/inputs.ts';
import type { AutomationStep, AutomationTriggerId } from './rules.ts';

/**
 * Automations to start from ("templates", spec §7.4), in code like the shared e-mail designs. An e-mail
 * step names a shared design: starting from the template copies that design into the member's e-mail
 * templates and points the step at the copy.
 */
export type AutomationTemplate = {
  id: string;
  name: string;
  description: string;
  trigger: AutomationTriggerId;
  /** The steps, given the member's template id made from each shared design. */
  steps(templateOf: (designId: string) => number): AutomationStep[];
  /** The shared e-mail designs its steps use. */
  designs: readonly string[];
};

const email = (templateId: number, subject: string): AutomationStep => ({
  type: 'send_email',
  email_template_id: templateId,
  to: 'customer',
  subject,
});

export const AUTOMATION_TEMPLATES: readonly AutomationTemplate[] = [
  {
    id: 'thank-you-after-purchase',
    name: 'Thank you after purchase',
    description: 'On Purchase: a designed thank-you e-mail with the order number, total and products.',
    trigger: 'purchase',
    designs: ['thank-you'],
    steps: (templateOf) => [
      email(templateOf('thank-you'), 'Thank you for your order, {{first_name|friend}}'),
    ],
  },
  {
    id: 'checkout-follow-up',
    name: 'Follow up a declined checkout',
    description:
      'Purchase Attempt: waits an hour, then e-mails a reminder; customers in the US and Canada are told shipping is free.',
    trigger: 'purchase_attempt',
    designs: ['welcome'],
    steps: (templateOf) => [
      { type: 'wait', mode: 'delay', amount: 1, unit: 'hours' },
      {
        type: 'condition',
        match: 'all',
        conditions: [{ key: 'customer_country', operand: 'IN', values: ['US', 'CA'] }],
        yes: [email(templateOf('welcome'), 'Still thinking it over? Shipping is on us')],
        no: [email(templateOf('welcome'), 'Still thinking it over, {{first_name|friend}}?')],
      },
    ],
  },
  {
    id: 'welcome-after-optin',
    name: 'Welcome after opt-in',
    description:
      'Optin: greets the new subscriber at once, then sends a newsletter-style follow-up in 2 days.',
    trigger: 'optin',
    designs: ['welcome', 'newsletter'],
    steps: (templateOf) => [
      email(templateOf('welcome'), 'Welcome, {{first_name|friend}}!'),
      { type: 'wait', mode: 'delay', amount: 2, unit: 'days' },
      email(templateOf('newsletter'), 'A few good reads to start with'),
    ],
  },
];

export function automationTemplate(id: string): AutomationTemplate | undefined {
  return AUTOMATION_TEMPLATES.find((template) => template.id === id);
}

export const automationTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  trigger: z.string(),
});
export type AutomationTemplateSummary = z.infer<typeof automationTemplateSchema>;
export const automationTemplatesAnswerSchema = dataAnswer(z.array(automationTemplateSchema));

/** Start from a template: the automation (a draft) and copies of the designs its e-mails use. */
export const automationFromTemplateBodySchema = dataBody(
  z.object({
    template_id: z.string().min(1, 'may not be blank').max(100),
    name: z
      .string()
      .trim()
      .min(1, 'may not be blank')
      .max(200, 'must be at most 200 characters')
      .refine(isStorableText, 'may not hold NUL characters or broken Unicode')
      .optional(),
    funnel_id: idValue().nullable().default(null),
  }),
);
