import jStat from 'jstat';

/** One page variant of a step: how many visitors saw it and how many of them converted. */
export type VariantCounts = { name?: string; visitors: number; conversions: number };

/**
 * "Not enough data" until every variant has at least this many visitors: below it one lucky order swings
 * the answer (30 is the usual small-sample line).
 */
export const MIN_VISITORS_PER_VARIANT = 30;
export const NOT_ENOUGH_DATA = 'not enough data';

/** Intervals of the integration grid over each variant's own posterior (Simpson's rule: even). */
const GRID = 400;
/** The window integrated, in posterior standard deviations either side of the mean (beyond: < 1e-14). */
const WINDOW_SD = 8;

const posterior = (v: VariantCounts) => {
  // Conversions above visitors (a data error) are read as every visitor converting.
  const conversions = Math.min(Math.max(v.conversions, 0), Math.max(v.visitors, 0));
  const failures = Math.max(v.visitors, 0) - conversions;
  return { alpha: 1 + conversions, beta: 1 + failures };
};

/**
 * For each variant, the probability (0 to 1) that its conversion rate is the highest, with a uniform
 * prior: the rate of a variant is Beta(1 + conversions, 1 + visitors − conversions) after the data, and
 * P(i is best) = ∫ pdf_i(x) · Π_{j≠i} cdf_j(x) dx. Computed by Simpson's rule over the window where
 * pdf_i lives (its mean ± 8 standard deviations), not by sampling, so the answer is the same every time;
 * the results are scaled to sum to 1. Within 0.001 of the exact two-variant closed form (tested), which
 * is ample for a whole-percent text; a step costs well under a millisecond.
 */
export function bestProbabilities(variants: ReadonlyArray<VariantCounts>): number[] {
  if (variants.length === 0) return [];
  if (variants.length === 1) return [1];
  const posteriors = variants.map(posterior);
  const raw = posteriors.map((p, i) => {
    const mean = p.alpha / (p.alpha + p.beta);
    const sd = Math.sqrt((p.alpha * p.beta) / ((p.alpha + p.beta) ** 2 * (p.alpha + p.beta + 1)));
    const lo = Math.max(0, mean - WINDOW_SD * sd);
    const hi = Math.min(1, mean + WINDOW_SD * sd);
    const step = (hi - lo) / GRID;
    let sum = 0;
    for (let k = 0; k <= GRID; k++) {
      const x = lo + k * step;
      let f = jStat.beta.pdf(x, p.alpha, p.beta);
      for (let j = 0; j < posteriors.length && f > 0; j++) {
        const q = posteriors[j];
        if (j !== i && q) f *= jStat.beta.cdf(x, q.alpha, q.beta);
      }
      if (!Number.isFinite(f)) f = 0;
      sum += f * (k === 0 || k === GRID ? 1 : k % 2 === 1 ? 4 : 2);
    }
    return (sum * step) / 3;
  });
  const total = raw.reduce((a, b) => a + b, 0);
  return total > 0 ? raw.map((r) => r / total) : variants.map(() => 1 / variants.length);
}

/** Variant names: their own, or A, B, C … in order. */
export function variantNames(variants: ReadonlyArray<VariantCounts>): string[] {
  return variants.map(
    (v, i) => v.name?.trim() || (i < 26 ? String.fromCharCode(65 + i) : `Variant ${i + 1}`),
  );
}

/** Whether the verdict may be given: every variant has MIN_VISITORS_PER_VARIANT visitors and some variant converted. */
export function hasEnoughData(variants: ReadonlyArray<VariantCounts>): boolean {
  return (
    variants.length >= 2 &&
    variants.every((v) => v.visitors >= MIN_VISITORS_PER_VARIANT) &&
    variants.some((v) => v.conversions > 0)
  );
}

const joinNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

export type AbVerdict = { enough_data: boolean; text: string; best_probabilities: number[] };

/**
 * "the probability that each variant has the best conversion rate (Bayesian, Beta posteriors), shown as
 * 'B beats A with 94 % probability' once there is data, and 'not enough data' before." With more than two
 * variants: 'C beats A and B with 71 % probability'. The percent is whole, rounded, and at most 99 (no
 * test is ever certain); on a tie the earlier variant is named.
 */
export function abVerdict(variants: ReadonlyArray<VariantCounts>): AbVerdict {
  if (!hasEnoughData(variants)) return { enough_data: false, text: NOT_ENOUGH_DATA, best_probabilities: [] };
  const probabilities = bestProbabilities(variants);
  const names = variantNames(variants);
  let best = 0;
  probabilities.forEach((p, i) => {
    if (p > (probabilities[best] ?? 0)) best = i;
  });
  const percent = Math.min(99, Math.round((probabilities[best] ?? 0) * 100));
  const others = names.filter((_, i) => i !== best);
  return {
    enough_data: true,
    text: `${names[best]} beats ${joinNames(others)} with ${percent} % probability`,
    best_probabilities: probabilities,
  };
}
