/** "Activity refresh every 10 seconds; chart shows the latest 24 minutes." */
export const ACTIVITY_REFRESH_MS = 10_000;
export const PAGE_VIEW_MINUTES = 24;
