import type { ActivityItem, RecentViews } from '@funnelwork/domain/activity/contracts';
import { activityLabel, formatPrice } from '@funnelwork/domain/rules';
import dayjs from 'dayjs';

/** Who did it: the customer's name, else the opt-in e-mail, else 'A visitor'. */
export function activityPerson(item: ActivityItem): string {
  return `${item.first_name} ${item.last_name}`.trim() || item.optin_email || 'A visitor';
}

/** The spec's event-type text ("1 Clicked, 2 Made a purchase, …"), with the amount when there is one. */
export function activityText(item: ActivityItem): string {
  const label = activityLabel(item.event_id);
  return item.amount === null ? label : `${label} · ${formatPrice(item.amount, item.currency)}`;
}

export type PageViewBar = { minute: string; views: number };

/** "The chart shows the latest 24 minutes": one bar per minute, labelled HH:mm in local time. */
export function pageViewBars(pageViews: RecentViews['page_views'], minutes = 24): PageViewBar[] {
  return pageViews.slice(-minutes).map((entry) => ({
    minute: dayjs.unix(entry.time).format('HH:mm'),
    views: entry.count,
  }));
}

/** Page views in the chart's window. */
export const totalViews = (pageViews: RecentViews['page_views']) =>
  pageViews.reduce((sum, entry) => sum + entry.count, 0);
