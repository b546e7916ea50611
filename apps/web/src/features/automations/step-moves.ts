import type { StepPath } from '@funnelwork/domain';

/**
 * What the builder's live region says after Move up or Move down (issue 39), in the merchant's words: the
 * step's kind, its new position out of its list, and the condition branch it is in: 'Wait step moved to
 * position 1 of 3.', 'Send e-mail step moved to position 2 of 2 in the Yes branch.'
 */
export function stepMovedAnnouncement(kind: string, to: StepPath, listLength: number): string {
  const index = to[to.length - 1];
  const branch = to[to.length - 2];
  const where = branch === 'yes' ? ' in the Yes branch' : branch === 'no' ? ' in the No branch' : '';
  return `${kind} step moved to position ${Number(index) + 1} of ${listLength}${where}.`;
}
