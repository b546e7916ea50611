/**
 * CHANGELOG.md as the dashboard's changelog widget shows it: one `## YYYY-MM-DD` heading per release
 * day, newest first, each with `- ` lines (one change a merchant would notice). Other lines are prose
 * for readers of the file and are left out.
 */
export type ChangelogEntry = { date: string; changes: string[] };

const DAY_HEADING = /^##\s+(\d{4}-\d{2}-\d{2})\s*$/;
const CHANGE_LINE = /^[-*]\s+(.+?)\s*$/;

export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const day = DAY_HEADING.exec(line);
    if (day) {
      entries.push({ date: day[1] as string, changes: [] });
      continue;
    }
    const change = CHANGE_LINE.exec(line);
    const current = entries[entries.length - 1];
    if (change && current) current.changes.push(change[1] as string);
  }
  return entries.filter((entry) => entry.changes.length > 0).sort((a, b) => b.date.localeCompare(a.date));
}

/** Whether the changelog has news for a reader who last opened it at `readUpTo` (a date, or null for never). */
export function hasUnreadChanges(entries: readonly ChangelogEntry[], readUpTo: string | null): boolean {
  const latest = entries[0]?.date;
  return latest !== undefined && (readUpTo === null || latest > readUpTo);
}
