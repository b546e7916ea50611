import {
  type AnalyticsMetric,
  type ChartPoint,
  currencySymbol,
  FILTER_OPERANDS,
  type FilterCondition,
  findCurrency,
  formatDelta,
  formatMetricValue,
  METRICS,
  type MetricKind,
  type MetricSummary,
  takesValues,
} from '@funnelwork/domain/rules';

/** Every metric's title and kind, as the domain declares them (the trends screens show them in this order). */
export { METRICS, type MetricKind };

export function metricInfo(metric: AnalyticsMetric) {
  const info = METRICS.find((m) => m.key === metric);
  if (!info) throw new Error(`unknown metric ${metric}`);
  return info;
}

/**
 * A value as a chart card writes it: counts and money abbreviated ("k, M, G, T, P, E"), money with the
 * currency's symbol ('$1.2k', '$49.00'; RON as '49.00 lei'), rates as a percent.
 */
export function formatMetric(kind: MetricKind, value: number, currency?: string | null): string {
  const text = formatMetricValue(kind, value);
  if (kind !== 'money') return text;
  if (findCurrency(currency)?.code === 'RON') return `${text} lei`;
  const negative = text.startsWith('-');
  return `${negative ? '-' : ''}${currencySymbol(currency)}${negative ? text.slice(1) : text}`;
}

/**
 * A chart axis's tick: as the card writes the value, but whole money amounts under 1,000 without cents, so
 * one axis reads '$0', '$900', '$1.8k' rather than '$900.00' beside '$1.8k'.
 */
export function formatAxisTick(kind: MetricKind, value: number, currency?: string | null): string {
  const text = formatMetric(kind, value, currency);
  const wholeMoney = kind === 'money' && Number.isInteger(value) && Math.abs(value) < 1000;
  return wholeMoney ? text.replace(/\.00(?= lei$|$)/, '') : text;
}

export type Trend = 'up' | 'down' | 'flat';

/** A chart card's numbers as text: the value, the prior period's and the delta ('+12.50%'). */
export function metricCard(kind: MetricKind, summary: MetricSummary, currency?: string | null) {
  return {
    value: formatMetric(kind, summary.value, currency),
    oldValue: formatMetric(kind, summary.old_value, currency),
    delta: formatDelta(summary.delta),
    trend: (summary.delta > 0 ? 'up' : summary.delta < 0 ? 'down' : 'flat') as Trend,
  };
}

/** A chart's rows for @mantine/charts: the bucket's label, this period's value and the prior one's. */
export function chartRows(points: ReadonlyArray<ChartPoint>) {
  return points.map((p) => ({ brief: p.brief, value: p.value, previous: p.oldValue }));
}

/** "rows link to /wfunnel/{id} when funnel_type is 1, else /funnel/{id}". */
export function topFunnelPath(funnel: { funnel_id: number; funnel_type: number }): string {
  return funnel.funnel_type === 1 ? `/wfunnel/${funnel.funnel_id}` : `/funnel/${funnel.funnel_id}`;
}

/** Keys as the filter panel names them ('utm_source' → 'UTM source', 'referrer_domain' → 'Referrer domain'). */
export function filterKeyLabel(key: string): string {
  const words = key.split('_');
  return words
    .map((w, i) => (w === 'utm' ? 'UTM' : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export function operandLabel(operand: string): string {
  return FILTER_OPERANDS.find((o) => o.operand === operand)?.label ?? operand;
}

/** A condition as its chip reads: 'UTM source Is one of facebook, google'. */
export function conditionText(condition: FilterCondition): string {
  const values = takesValues(condition.operand)
    ? (condition.values ?? []).join(', ')
    : (condition.value ?? '');
  return `${filterKeyLabel(condition.key)} ${operandLabel(condition.operand)} ${values}`;
}

/** A rate of the breakdown table: a percent with up to two decimals ('12.5%'). */
export const formatRate = (value: number) => `${formatMetricValue('rate', value)}`;
