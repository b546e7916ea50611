export const VERSION_CHECK_INTERVAL_MS = 10_000;
export const HARD_REFRESH_NOTICE = 'There was an update, hard-refresh for better experience';

/**
 * "Version check every 10 s comparing the cookie version to a built-in version; outdated if any of
 * the first four parts is greater." Parts compare in order: the first that differs decides, so
 * 1.3.0 is newer than 1.2.9 (a later part being greater does not make an older version newer).
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
