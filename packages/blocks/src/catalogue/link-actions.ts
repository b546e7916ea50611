import { z } from 'zod';
import { nodeIdSchema } from '../document/ids.ts';

/**
 * "Link action values: goto-element, goto-url (with target), submit-step, next-step, no-link, yes-link
 * (optional productId), show-popup, close-popup."
 */
export const linkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('goto-element'), elementId: nodeIdSchema.nullable() }),
  z.object({ type: z.literal('goto-url'), url: z.string(), target: z.enum(['_self', '_blank']) }),
  z.object({ type: z.literal('submit-step') }),
  z.object({ type: z.literal('next-step') }),
  z.object({ type: z.literal('no-link') }),
  z.object({ type: z.literal('yes-link'), productId: z.number().int().positive().optional() }),
  z.object({ type: z.literal('show-popup'), popupId: z.number().int().positive().nullable() }),
  z.object({ type: z.literal('close-popup') }),
]);
export type LinkAction = z.infer<typeof linkActionSchema>;
export type LinkActionType = LinkAction['type'];

export const LINK_ACTION_TYPES = [
  'goto-element',
  'goto-url',
  'submit-step',
  'next-step',
  'no-link',
  'yes-link',
  'show-popup',
  'close-popup',
] as const satisfies readonly LinkActionType[];

/** The link block's click actions and their labels (spec §3.2 link). */
export const LINK_BLOCK_ACTIONS = [
  { type: 'no-link', label: 'No action' },
  { type: 'submit-step', label: 'Submit step' },
  { type: 'next-step', label: 'Go to next step' },
  { type: 'goto-url', label: 'Go to URL' },
  { type: 'goto-element', label: 'Go to section/row' },
] as const satisfies readonly { type: LinkActionType; label: string }[];

export const NO_LINK: LinkAction = { type: 'no-link' };

/** The targets that mean "no link"; whitespace around them is ignored. */
export const NO_LINK_TARGETS: readonly string[] = ['', '#', '#no-action'];

/** "Links whose target is empty, '#', or '#no-action' render as no link." */
export function isNoLink(target: string | null | undefined): boolean {
  return target == null || NO_LINK_TARGETS.includes(target.trim());
}
