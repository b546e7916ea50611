/** A page's place in its step's split test (`pages.ab_state`). */
export const AB_STATES = ['active', 'paused', 'retired'] as const;
export type AbState = (typeof AB_STATES)[number];

export const AB_STATE_LABELS: Record<AbState, string> = {
  active: 'Running',
  paused: 'Paused',
  retired: 'History',
};

export const SHARES_SUM_MESSAGE = 'The shares of the running variants must add up to 100 %';
export const LAST_RUNNING_VARIANT_MESSAGE = 'A step keeps at least one running variant';
export const WINNER_UNPUBLISHED_MESSAGE = 'Publish this variant before declaring it the winner';

/** What the shares of the running variants add up to. */
export const sharesTotal = (shares: ReadonlyArray<{ ab_percent: number }>) =>
  shares.reduce((sum, s) => sum + s.ab_percent, 0);

/**
 * The running variants' shares after one of them is set to `percent` (or a new one joins with it): the
 * others share `100 - percent` in proportion to what they had (equally when they had nothing), rounded by
 * largest remainder so the whole is exactly 100. Ids not in `others` are left out of the answer.
 */
export function rebalanceShares(
  others: ReadonlyArray<{ id: number; ab_percent: number }>,
  percent: number,
): Map<number, number> {
  const answer = new Map<number, number>();
  if (others.length === 0) return answer;
  const rest = Math.max(0, 100 - percent);
  const had = others.reduce((sum, o) => sum + Math.max(0, o.ab_percent), 0);
  const exact = others.map((o) =>
    had > 0 ? (Math.max(0, o.ab_percent) * rest) / had : rest / others.length,
  );
  const floors = exact.map(Math.floor);
  let left = rest - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left--;
  }
  others.forEach((o, i) => {
    answer.set(o.id, floors[i] ?? 0);
  });
  return answer;
}
