/** 'YYYY-MM-01' of the month after a month's first day. */
function nextMonth(first: string): string {
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The first day of the first month that starts on or after a day. */
const monthStartFrom = (day: string): string =>
  day.endsWith('-01') ? day : nextMonth(`${day.slice(0, 8)}01`);

/**
 * How a range of account days split into chart buckets is read: each whole month inside one bucket from
 * analytics_monthly (its first day), the other days as [from, to) ranges from analytics_daily. `edges`
 * are ascending day strings ('2026-03-29'); bucket i runs from edges[i] (included) to edges[i + 1].
 */
export function splitByMonths(edges: ReadonlyArray<string>): {
  months: string[];
  days: Array<[string, string]>;
} {
  const months: string[] = [];
  const days: Array<[string, string]> = [];
  const addDays = (from: string, to: string) => {
    const last = days[days.length - 1];
    if (last && last[1] === from) last[1] = to;
    else days.push([from, to]);
  };
  for (let i = 0; i + 1 < edges.length; i++) {
    const lo = edges[i] as string;
    const hi = edges[i + 1] as string;
    let cursor = lo;
    for (let first = monthStartFrom(lo); nextMonth(first) <= hi; first = nextMonth(first)) {
      if (cursor < first) addDays(cursor, first);
      months.push(first);
      cursor = nextMonth(first);
    }
    if (cursor < hi) addDays(cursor, hi);
  }
  return { months, days };
}
