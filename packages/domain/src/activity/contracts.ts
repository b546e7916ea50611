import { z } from 'zod';
import { dataAnswer } from '../shared/envelope.ts';

// The panel's constants, which the dashboard imports without this file's schemas (zod).
export { ACTIVITY_REFRESH_MS, PAGE_VIEW_MINUTES } from './rules.ts';
/** Visitors seen within this many minutes count as "active visitors now". */
export const ACTIVE_VISITOR_MINUTES = 5;
/** Lines of recent activity the panel lists. */
export const RECENT_ACTIVITY_LIMIT = 20;

/** "Activity item: event_id, first_name, last_name, optin_email, amount, currency, time (unix seconds), customer_id." */
export const activityItemSchema = z.object({
  event_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  optin_email: z.string(),
  /** Major units rounded to two decimals; null when the event has no amount (a click, an opt-in). */
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  time: z.number().int(),
  customer_id: z.number().int().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** One minute of the chart: its start (unix seconds) and the page views in it. */
export const pageViewMinuteSchema = z.object({ time: z.number().int(), count: z.number().int() });

export const recentViewsSchema = z.object({
  recent_activity: z.array(activityItemSchema),
  /** The latest 24 minutes, oldest first, one entry per minute (0 when none). */
  page_views: z.array(pageViewMinuteSchema),
  visitors_count: z.number().int(),
});
export type RecentViews = z.infer<typeof recentViewsSchema>;
export const recentViewsAnswerSchema = dataAnswer(recentViewsSchema);
