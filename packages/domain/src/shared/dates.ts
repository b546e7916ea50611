import dayjs from 'dayjs';

export const ORDER_DATE_TODAY = '[Today], HH:mm';
export const ORDER_DATE_THIS_YEAR = 'DD MMM HH:mm';
export const ORDER_DATE_OLDER = 'DD MMM YYYY HH:mm';
export const CUSTOMER_DATE = 'DD MMMM YYYY HH:mm:ss';
export const TIMELINE_DATE = 'DD MMM YYYY, HH:mm:ss';

/** "'Today, HH:mm' for today; 'DD MMM HH:mm' within the current year; otherwise 'DD MMM YYYY HH:mm'." */
export function formatOrderDate(date: string | Date, now: Date = new Date()): string {
  const d = dayjs(date);
  if (d.isSame(now, 'day')) return d.format(ORDER_DATE_TODAY);
  if (d.isSame(now, 'year')) return d.format(ORDER_DATE_THIS_YEAR);
  return d.format(ORDER_DATE_OLDER);
}

/** "Customer dates 'DD MMMM YYYY HH:mm:ss'." */
export const formatCustomerDate = (date: string | Date) => dayjs(date).format(CUSTOMER_DATE);

/** "Timeline and note times 'DD MMM YYYY, HH:mm:ss'." */
export const formatTimelineDate = (date: string | Date) => dayjs(date).format(TIMELINE_DATE);
