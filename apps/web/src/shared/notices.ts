import {
  ACCESS_DENIED_NOTICE,
  GENERIC_WARN,
  isAccessDeniedMessage,
  type NoticeKind,
  noticeDurationMs,
} from '@funnelwork/domain/rules';
import { type NotificationData, notifications } from '@mantine/notifications';

export { ERROR_NOTICE_MS, GENERIC_WARN } from '@funnelwork/domain/rules';

/** "Error notices last 10 s; warn and info notices stay until clicked": Mantine's autoClose. */
const autoCloseOf = (kind: NoticeKind) => noticeDurationMs(kind) ?? false;
const COLORS: Record<NoticeKind, string> = { error: 'red', warn: 'yellow', info: 'blue' };

/** "A server message containing 'restricted area: access denied' shows 'Access denied!'." */
const shownText = (message: string) => (isAccessDeniedMessage(message) ? ACCESS_DENIED_NOTICE : message);

const open = new Set<string>();

/** Shows a notice unless one with the same id is still on screen. */
function show(id: string | undefined, data: NotificationData) {
  if (id && open.has(id)) return id;
  if (id) open.add(id);
  return notifications.show({
    ...data,
    id,
    onClose: () => {
      if (id) open.delete(id);
    },
  });
}

/** A notice that stays until clicked; the click runs `onClick` and closes it. */
function persistent(kind: 'warn' | 'info', message: string, onClick?: () => void, id?: string) {
  const noticeId = id ?? `notice-${Math.random().toString(36).slice(2)}`;
  return show(noticeId, {
    color: COLORS[kind],
    message,
    autoClose: autoCloseOf(kind),
    // The whole notice is the button: a click acts and closes it.
    withCloseButton: false,
    style: { cursor: 'pointer' },
    onClick: () => {
      onClick?.();
      notifications.hide(noticeId);
    },
  });
}

/** Takes down a notice that no longer applies (a trial notice after the plan was paid). */
export function hideNotice(id: string) {
  if (open.has(id)) notifications.hide(id);
}

export function notifyError(message: string, id?: string) {
  const text = shownText(message);
  return show(id ?? (text === ACCESS_DENIED_NOTICE ? 'access-denied' : undefined), {
    color: COLORS.error,
    message: text,
    autoClose: autoCloseOf('error'),
  });
}

export function notifyWarn(message: string = GENERIC_WARN, onClick?: () => void, id?: string) {
  return persistent('warn', shownText(message), onClick, id);
}

export function notifyInfo(message: string, onClick?: () => void, id?: string) {
  return persistent('info', message, onClick, id);
}

export function notifySuccess(message: string) {
  return show(undefined, { color: 'teal', message, autoClose: 5_000 });
}

const FLASH_KEY = 'fw.flash';
type Flash = { kind: 'success' | 'info'; message: string };

/** Keeps a notice for the next page load, for actions the spec ends with a reload. */
export function flashAfterReload(flash: Flash) {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
}

export function showFlashNotice() {
  const stored = sessionStorage.getItem(FLASH_KEY);
  if (!stored) return;
  sessionStorage.removeItem(FLASH_KEY);
  try {
    const flash = JSON.parse(stored) as Flash;
    if (flash.kind === 'info') notifyInfo(flash.message);
    else notifySuccess(flash.message);
  } catch {
    // An unreadable flash is only a lost message.
  }
}
