export const GENERIC_WARN = 'Something went wrong... Please try again later';
export const ERROR_BOX_TITLE = 'Something went wrong on this page';
export const ERROR_BOX_MESSAGE = 'Please try again later';
export const TIMEZONE_SUCCESS = 'Your timezone was updated successfully';
export const TIMEZONE_FAILURE = 'Something went wrong! try again later.';
export const SUBDOMAIN_UNEXPECTED =
  'Something went wrong! try again in a bit, do let us know if this problem persists.';
export const DASHBOARD_LOAD_FAILURE = 'Something went wrong! try again.';

/** "Error notices last 10 s; warn and info notices stay until clicked." */
export const ERROR_NOTICE_MS = 10_000;
export type NoticeKind = 'error' | 'warn' | 'info';

/** How long a notice stays, in ms; null means it stays until clicked. */
export function noticeDurationMs(kind: NoticeKind): number | null {
  return kind === 'error' ? ERROR_NOTICE_MS : null;
}

export const DEFAULT_TIME_ZONE = 'Europe/London';
export const SUBDOMAIN_MIN_LENGTH = 5;
export const PAGE_SIZE = 25;
/** "Number inputs: min 0, max 10000." (a published page's quantities and number fields, the checkout's quantities) */
export const NUMBER_INPUT_MIN = 0;
export const NUMBER_INPUT_MAX = 10_000;

/** "Copy tooltip resets after 1.5 s." */
export const COPY_TOOLTIP_RESET_MS = 1_500;
