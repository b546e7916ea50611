import { z } from 'zod';
import { dataAnswer } from '../shared/envelope.ts';
import { idQuery, idValue, isStorableText } from '../shared/inputs.ts';
import { AB_STATES } from '../steps/split.ts';
import { MAX_BUCKETS, maxBucketCount } from './buckets.ts';
import {
  FILTER_KEYS,
  type FilterCondition,
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_VALUE_LENGTH,
  MAX_FILTER_VALUES,
  OPERAND_VALUES,
  takesValues,
} from './filters.ts';
import { type Granularity, granularity } from './granularity.ts';
import { ANALYTICS_METRICS } from './metrics.ts';

/* Filter conditions: here, not in filters.ts, so the rules barrel the web loads first holds no zod. */
const filterValue = z
  .string()
  .trim()
  .min(1, 'may not be blank')
  .max(MAX_FILTER_VALUE_LENGTH, `must be at most ${MAX_FILTER_VALUE_LENGTH} characters`)
  .refine(isStorableText, 'may not hold NUL characters or broken Unicode');

/**
 * One condition as the API takes it. `values` for IN and NOT IN, `value` for the others; a request that
 * sends the other one as well is not refused (the panel keeps both while the operand changes), but only
 * the one its operand takes is read.
 */
export const filterConditionSchema = z
  .object({
    id: z.union([z.string().max(64), z.number().int()]).optional(),
    key: z.enum(FILTER_KEYS, { error: `must be one of ${FILTER_KEYS.join(', ')}` }),
    operand: z.enum(OPERAND_VALUES, { error: `must be one of ${OPERAND_VALUES.join(', ')}` }),
    value: z.string().optional(),
    values: z
      .array(z.string())
      .max(MAX_FILTER_VALUES, `may hold at most ${MAX_FILTER_VALUES} values`)
      .optional(),
  })
  .transform((condition, ctx): FilterCondition => {
    const base = { ...(condition.id === undefined ? {} : { id: condition.id }), key: condition.key };
    if (takesValues(condition.operand)) {
      const values: string[] = [];
      for (const [i, raw] of (condition.values ?? []).entries()) {
        const parsed = filterValue.safeParse(raw);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            path: ['values', i],
            message: parsed.error.issues[0]?.message ?? 'is invalid',
          });
          return z.NEVER;
        }
        values.push(parsed.data);
      }
      if (values.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['values'],
          message: `${condition.operand} needs at least one value`,
        });
        return z.NEVER;
      }
      return { ...base, operand: condition.operand, values };
    }
    const parsed = filterValue.safeParse(condition.value ?? '');
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message:
          condition.value === undefined
            ? `${condition.operand} needs a value`
            : (parsed.error.issues[0]?.message ?? 'is invalid'),
      });
      return z.NEVER;
    }
    return { ...base, operand: condition.operand, value: parsed.data };
  });

/** The conditions of a request; all of them must hold (they are joined with AND). */
export const filterConditionsSchema = z
  .array(filterConditionSchema)
  .max(MAX_FILTER_CONDITIONS, `may hold at most ${MAX_FILTER_CONDITIONS} conditions`);

/* ----------------------------------------------------------------------------------------------
 * Analytics (funnels spec §3 "Dashboard response", §4 "Analytics granularity", §7.5)
 * -------------------------------------------------------------------------------------------- */

/**
 * An optional query-string parameter, absent or sent empty, as blankAsAbsent reads it but keeping the
 * inner schema's own message (a union would answer 'Invalid input').
 */
const optionalQuery = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .transform((raw) => (raw === '' ? undefined : raw))
    .pipe(schema.optional())
    .optional();

/** The last second of 9999-12-31: the database's date range. */
const MAX_UNIX = 253_402_300_799;

/** Unix seconds in a body. */
export const unixValue = () =>
  z
    .number()
    .int('must be whole unix seconds')
    .min(0, 'must not be before 1970')
    .max(MAX_UNIX, 'must be before 10000');
/** Unix seconds in a query string: decimal digits only (like idQuery, '1e9' and ' 5' are refused). */
export const unixQuery = () =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,11})$/, 'must be unix seconds written in digits')
    .transform(Number)
    .refine((value) => value <= MAX_UNIX, 'must be before 10000');

/** "A second listing gives bucket sizes hour, week, month, day." */
export const GRANULARITIES = ['hour', 'day', 'week', 'month'] as const satisfies ReadonlyArray<Granularity>;
export const unitSchema = z.enum(GRANULARITIES, { error: 'must be one of hour, day, week, month' });

export const metricSchema = z.enum(ANALYTICS_METRICS, {
  error: `must be one of ${ANALYTICS_METRICS.join(', ')}`,
});

/** `0` or absent: every funnel of the account (the operation forms pass 0 there). */
const funnelOrAll = () => z.union([z.literal(0), idValue()]).default(0);

/**
 * Filter conditions in a query string: the JSON text of the list ("stored in local storage", sent as
 * it is stored); a problem inside it is named by its place in the list (`conditions.0.value`).
 */
const conditionsQuery = () =>
  z
    .string()
    .max(20_000, 'is too long')
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of filter conditions' });
        return z.NEVER;
      }
    })
    .pipe(filterConditionsSchema);

/** Comma-separated funnel ids in a query string ('3,8'); each is read as idQuery reads one. */
const idListQuery = () =>
  z
    .string()
    .transform((raw) => raw.split(','))
    .pipe(z.array(idQuery()).min(1).max(100, 'may hold at most 100 funnels'));

type Range = { start: number; end: number; unit?: Granularity };

/** The end may not be before the start, and a chart may not need more than MAX_BUCKETS buckets. */
function checkRange(value: Range, ctx: z.RefinementCtx, names = { start: 'start', end: 'end' }): void {
  if (value.end < value.start) {
    ctx.addIssue({ code: 'custom', path: [names.end], message: `must not be before ${names.start}` });
  } else if (value.unit && maxBucketCount(value.start, value.end, value.unit) > MAX_BUCKETS) {
    ctx.addIssue({
      code: 'custom',
      path: ['unit'],
      message: `is too fine for this range: more than ${MAX_BUCKETS} buckets`,
    });
  }
}

/** The unit asked for, or the spec's granularity of the range when none is. */
const withUnit = <T extends Range>(value: T): T & { unit: Granularity } => ({
  ...value,
  unit: value.unit ?? granularity(value.start, value.end),
});

/** "dashboard (start, end, unit, optional funnel ids)"; the filters apply "to every number on the screen". */
export const dashboardSummaryQuerySchema = z
  .object({
    start: unixQuery(),
    end: unixQuery(),
    unit: optionalQuery(unitSchema),
    funnel_ids: optionalQuery(idListQuery()),
    conditions: optionalQuery(conditionsQuery()),
  })
  .superRefine((value, ctx) => checkRange(value, ctx))
  .transform(withUnit);
export type DashboardSummaryQuery = z.input<typeof dashboardSummaryQuerySchema>;

/** A period with the prior one beside it, as the trends and summary calls take them. */
const comparedRange = {
  start: unixValue(),
  end: unixValue(),
  old_start: unixValue().optional(),
  old_end: unixValue().optional(),
};

function checkOldRange(value: { old_start?: number; old_end?: number }, ctx: z.RefinementCtx): void {
  if ((value.old_start === undefined) !== (value.old_end === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [value.old_start === undefined ? 'old_start' : 'old_end'],
      message: 'old_start and old_end go together',
    });
  } else if (
    value.old_start !== undefined &&
    value.old_end !== undefined &&
    value.old_end < value.old_start
  ) {
    ctx.addIssue({ code: 'custom', path: ['old_end'], message: 'must not be before old_start' });
  }
}

/**
 * "trends v2 (metric, 0, start, end, unit, conditions) for current and previous period": one call may
 * carry the previous period too (old_start, old_end), answering both trends at once.
 */
export const trendsBodySchema = z
  .object({
    metric: metricSchema,
    funnel_id: funnelOrAll(),
    ...comparedRange,
    unit: unitSchema.optional(),
    conditions: filterConditionsSchema.default([]),
  })
  .superRefine((value, ctx) => {
    checkRange(value, ctx);
    checkOldRange(value, ctx);
  })
  .transform(withUnit);
export type TrendsBody = z.input<typeof trendsBodySchema>;

/** "summary v2 (metric, 0, start, end, old start, old end, conditions)". */
export const summaryBodySchema = z
  .object({
    metric: metricSchema,
    funnel_id: funnelOrAll(),
    start: unixValue(),
    end: unixValue(),
    old_start: unixValue(),
    old_end: unixValue(),
    conditions: filterConditionsSchema.default([]),
  })
  .superRefine((value, ctx) => {
    checkRange(value, ctx);
    checkOldRange(value, ctx);
  });
export type SummaryBody = z.input<typeof summaryBodySchema>;

/** "funnel-analytics (funnel_id, start and end and previous start and end as unix times, unit)". */
export const funnelAnalyticsQuerySchema = z
  .object({
    funnel_id: idQuery(),
    start: unixQuery(),
    end: unixQuery(),
    previous_start: unixQuery(),
    previous_end: unixQuery(),
    unit: optionalQuery(unitSchema),
    conditions: optionalQuery(conditionsQuery()),
  })
  .superRefine((value, ctx) => {
    checkRange(value, ctx);
    if (value.previous_end < value.previous_start)
      ctx.addIssue({ code: 'custom', path: ['previous_end'], message: 'must not be before previous_start' });
  })
  .transform(withUnit);
export type FunnelAnalyticsQuery = z.input<typeof funnelAnalyticsQuerySchema>;

/** The range of `funnels/{id}/performance-breakdown`; without one, the funnel's whole history. */
export const performanceBreakdownQuerySchema = z
  .object({
    start: optionalQuery(unixQuery()),
    end: optionalQuery(unixQuery()),
    conditions: optionalQuery(conditionsQuery()),
  })
  .superRefine((value, ctx) => {
    if (value.start !== undefined && value.end !== undefined && value.end < value.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'must not be before start' });
  });
export type PerformanceBreakdownQuery = z.input<typeof performanceBreakdownQuerySchema>;

/**
 * `analytics/breakdown-v2`: the period's numbers split by the values of one filter key (visits per
 * utm_source, orders per country …), the busiest values first, at most `limit` of them.
 */
export const breakdownBodySchema = z
  .object({
    key: z.enum(FILTER_KEYS, { error: `must be one of ${FILTER_KEYS.join(', ')}` }),
    funnel_id: funnelOrAll(),
    start: unixValue(),
    end: unixValue(),
    conditions: filterConditionsSchema.default([]),
    limit: z.number().int().min(1).max(100).default(10),
  })
  .superRefine((value, ctx) => checkRange(value, ctx));
export type BreakdownBody = z.input<typeof breakdownBodySchema>;

/* Answers ---------------------------------------------------------------------------------------- */

/** "Trend point: date (unix), value." */
export const trendPointSchema = z.object({ date: z.number().int(), value: z.number() });
/** "Chart point: value, brief (label), date, oldDate, oldValue." */
export const chartPointSchema = z.object({
  value: z.number(),
  brief: z.string(),
  date: z.number().int(),
  oldDate: z.number().int().nullable(),
  oldValue: z.number(),
});
/** "Summary per metric: value, old_value", with the chart's delta (percent, two decimals). */
export const metricSummarySchema = z.object({ value: z.number(), old_value: z.number(), delta: z.number() });

export const trendsAnswerSchema = dataAnswer(
  z.object({
    metric: metricSchema,
    unit: unitSchema,
    time_zone: z.string(),
    trend: z.array(trendPointSchema),
    old_trend: z.array(trendPointSchema).optional(),
    chart: z.array(chartPointSchema),
  }),
);
export type TrendsAnswer = z.infer<typeof trendsAnswerSchema>;

export const summaryAnswerSchema = dataAnswer(metricSummarySchema.extend({ metric: metricSchema }));
export type SummaryAnswer = z.infer<typeof summaryAnswerSchema>;

/**
 * "top_funnels (funnel_id, funnel_name, funnel_type, updated_at, revenue, orders, visits, currency_code)";
 * the row "shows … conversion rate against the previous period", hence conversion_rate.
 */
export const topFunnelSchema = z.object({
  funnel_id: z.number().int(),
  funnel_name: z.string(),
  funnel_type: z.number().int(),
  updated_at: z.string().nullable(),
  revenue: z.number(),
  orders: z.number().int(),
  visits: z.number().int(),
  currency_code: z.string().nullable(),
  conversion_rate: metricSummarySchema,
});

const metricTrends = z.object(
  Object.fromEntries(ANALYTICS_METRICS.map((m) => [m, z.array(chartPointSchema)])) as Record<
    (typeof ANALYTICS_METRICS)[number],
    z.ZodArray<typeof chartPointSchema>
  >,
);

/** Every metric's summary against the prior period, by metric. */
const metricSummaries = Object.fromEntries(ANALYTICS_METRICS.map((m) => [m, metricSummarySchema])) as Record<
  (typeof ANALYTICS_METRICS)[number],
  typeof metricSummarySchema
>;

/**
 * "Dashboard response: revenue, aov, orders, visits, optins, trends, hourly_visitors, on_boarding,
 * top_funnels". Each number is a summary against the prior period; the small charts' other metrics
 * (page views, conversion and opt-in rates) and the net revenue ride beside them. hourly_visitors are
 * the visitors of each of the last 24 hours; on_boarding is true while the account has recorded nothing.
 */
export const dashboardSummaryAnswerSchema = dataAnswer(
  z.object({
    unit: unitSchema,
    time_zone: z.string(),
    ...metricSummaries,
    trends: metricTrends,
    hourly_visitors: z.array(trendPointSchema),
    on_boarding: z.boolean(),
    top_funnels: z.array(topFunnelSchema),
  }),
);
export type DashboardSummaryAnswer = z.infer<typeof dashboardSummaryAnswerSchema>;

export const funnelAnalyticsAnswerSchema = dataAnswer(
  z.object({
    funnel_id: z.number().int(),
    unit: unitSchema,
    time_zone: z.string(),
    summary: z.object(metricSummaries),
    trends: metricTrends,
  }),
);
export type FunnelAnalyticsAnswer = z.infer<typeof funnelAnalyticsAnswerSchema>;

/** One row of the breakdown: see performanceRow for each number's definition. */
export const performanceRowSchema = z.object({
  views: z.number().int(),
  unique_views: z.number().int(),
  optins: z.number().int(),
  optin_rate: z.number(),
  orders: z.number().int(),
  sales_rate: z.number(),
  orders_with_bump: z.number().int(),
  order_bump_rate: z.number(),
  orders_with_upsell: z.number().int(),
  upsell_rate: z.number(),
  revenue: z.number(),
  average_cart_value: z.number(),
  earnings_per_view: z.number(),
});

/** The A/B verdict of a step with variants (see abVerdict). */
export const abVerdictSchema = z.object({
  enough_data: z.boolean(),
  text: z.string(),
  /** Per variant, in the order of `variants`: the probability (0 to 1) that it has the best rate. */
  best_probabilities: z.array(z.number()),
});

/**
 * `funnels/{id}/performance-breakdown`: "for each step and each page variant — views, unique views,
 * opt-ins and opt-in rate, orders, sales rate (orders ÷ unique views), order-bump take rate, upsell
 * take rate, revenue, average cart value and earnings per page view."
 */
export const performanceBreakdownAnswerSchema = dataAnswer(
  z.object({
    funnel_id: z.number().int(),
    currency_code: z.string().nullable(),
    steps: z.array(
      performanceRowSchema.extend({
        step_id: z.number().int(),
        step_name: z.string(),
        step_type: z.number().int(),
        order_index: z.number().int(),
        variants: z.array(
          performanceRowSchema.extend({
            page_id: z.number().int(),
            page_name: z.string(),
            ab_percent: z.number().nullable(),
            /** Running, paused or retired (lost to a winner: the test's history). */
            ab_state: z.enum(AB_STATES).optional(),
          }),
        ),
        verdict: abVerdictSchema.nullable(),
      }),
    ),
  }),
);
export type PerformanceBreakdownAnswer = z.infer<typeof performanceBreakdownAnswerSchema>;

/** A value of the key ('' for visits without one) with its numbers; rates as metricValue gives them. */
export const breakdownAnswerSchema = dataAnswer(
  z.object({
    key: z.enum(FILTER_KEYS),
    rows: z.array(
      z.object({
        value: z.string(),
        visits: z.number().int(),
        page_views: z.number().int(),
        optins: z.number().int(),
        optin_rate: z.number(),
        orders: z.number().int(),
        conversion_rate: z.number(),
        revenue: z.number(),
      }),
    ),
  }),
);
export type BreakdownAnswer = z.infer<typeof breakdownAnswerSchema>;
