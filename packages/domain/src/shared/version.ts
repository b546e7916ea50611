export const VERSION_CHECK_INTERVAL_MS = 10_000;
export const HARD_REFRESH_NOTICE = 'There was an update, hard-refresh for better experience';

/**
 * "Version check every 10 s comparing the cookie version to a built-in version; outdated if any of
 * the first four parts is greater." Interpretation: the dot-separated parts compare numerically and
 * lexicographically over the first four parts; the first part that differs decides. So 1.2.3 is outdated
 * by a 1.3.0 cookie, but 1.3.0 is not outdated by 1.2.9 (a greater later part does not make an older
 * version newer). Missing parts count as 0; parts beyond the fourth are ignored. A missing cookie, or
 * one with a part that is not a number, never reports an update.
 */
export function isOutdated(builtIn: string, cookieVersion: string | null | undefined): boolean {
  if (!cookieVersion) return false;
  const parse = (v: string) =>
    v
      .split('.')
      .slice(0, 4)
      .map((p) => Number.parseInt(p, 10));
  const mine = parse(builtIn);
  const theirs = parse(cookieVersion);
  if (theirs.some((n) => Number.isNaN(n))) return false;
  for (let i = 0; i < 4; i++) {
    const a = mine[i] ?? 0;
    const b = theirs[i] ?? 0;
    if (b !== a) return b > a;
  }
  return false;
}
