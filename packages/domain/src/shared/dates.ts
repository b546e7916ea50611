import dayjs from 'dayjs';

export const ORDER_DATE_TODAY = '[Today], HH:mm';
export const ORDER_DATE_THIS_YEAR = 'DD MMM HH:mm';
export const ORDER_DATE_OLDER = 'DD MMM YYYY HH:mm';
export const CUSTOMER_DATE = 'DD MMMM YYYY HH:mm:ss';
export const TIMELINE_DATE = 'DD MMM YYYY, HH:mm:ss';

/** All formats use local time (dayjs default). An unreadable date gives ''. */
function format(date: string | Date, template: string): string {
  const d = dayjs(date);
  return d.isValid() ? d.format(template) : '';
}

/**
 * "'Today, HH:mm' for today; 'DD MMM HH:mm' within the current year; otherwise 'DD MMM YYYY HH:mm'."
 * Today and the current year are those of `now`, in local time.
 */
export function formatOrderDate(date: string | Date, now: Date = new Date()): string {
  const d = dayjs(date);
  if (!d.isValid()) return '';
  const today = dayjs(now);
  if (d.isSame(today, 'day')) return d.format(ORDER_DATE_TODAY);
  if (d.isSame(today, 'year')) return d.format(ORDER_DATE_THIS_YEAR);
  return d.format(ORDER_DATE_OLDER);
}

/** "Customer dates 'DD MMMM YYYY HH:mm:ss'." */
export function formatCustomerDate(date: string | Date): string {
  return format(date, CUSTOMER_DATE);
}

/** "Timeline and note times 'DD MMM YYYY, HH:mm:ss'." */
export function formatTimelineDate(date: string | Date): string {
  return format(date, TIMELINE_DATE);
}

/** Notes use the timeline format. */
export const formatNoteDate = formatTimelineDate;
