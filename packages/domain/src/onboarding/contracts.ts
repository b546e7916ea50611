import { z } from 'zod';
import { dataAnswer } from '../shared/envelope.ts';

export const CHECKLIST_ITEMS = [
  { key: 'create-funnel', title: 'Create a funnel', to: '/funnels' },
  { key: 'connect-gateway', title: 'Connect a payment gateway', to: '/settings/payment-gateways' },
  { key: 'publish', title: 'Publish your funnel', to: '/settings/account' },
  { key: 'first-sale', title: 'Make your first sale', to: '/orders' },
] as const;
export type ChecklistKey = (typeof CHECKLIST_ITEMS)[number]['key'];

/** `GET onboarding/checklist`: each first step, ticked from the account's own data. */
export const checklistSchema = z.object({
  items: z.array(
    z.object({
      key: z.enum(CHECKLIST_ITEMS.map((item) => item.key) as [ChecklistKey, ...ChecklistKey[]]),
      title: z.string(),
      to: z.string(),
      done: z.boolean(),
    }),
  ),
  done_count: z.number().int(),
});
export type Checklist = z.infer<typeof checklistSchema>;
export const checklistAnswerSchema = dataAnswer(checklistSchema);
