import { STEP_GAP_NOTICES, type StepGap } from '../commerce/step-gaps.ts';
import type { EditorDocument } from '../document/schema.ts';
import { type PlaceholderLink, placeholderLinks } from './placeholder-links.ts';

/**
 * The editor's 'Needs attention' list: what stops a page doing its job for shoppers (a blank page, an offer
 * with nothing to sell, a checkout with nothing to sell) and the template links still to set.
 */
export type AttentionItem =
  | { kind: 'gap'; gap: StepGap; title: string; message: string }
  | { kind: 'nothing-to-sell' }
  | { kind: 'link'; link: PlaceholderLink };

/** "1 link to set", "2 links to set". */
export const linksToSetLabel = (count: number) => `${count} ${count === 1 ? 'link' : 'links'} to set`;

export const LINK_TO_SET_MESSAGE =
  'This link still points to the template’s example address: shoppers see no link until you set it.';

/** The page's items in the order the merchant should see them: what shoppers skip first, then links. */
export function needsAttention(
  document: EditorDocument,
  facts: { gap: StepGap | null; sellsNothing: boolean },
): AttentionItem[] {
  const items: AttentionItem[] = [];
  if (facts.gap) items.push({ kind: 'gap', gap: facts.gap, ...STEP_GAP_NOTICES[facts.gap] });
  if (facts.sellsNothing) items.push({ kind: 'nothing-to-sell' });
  for (const link of placeholderLinks(document)) items.push({ kind: 'link', link });
  return items;
}
