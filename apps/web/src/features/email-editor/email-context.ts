/**
 * The e-mail editor's route (spec §2.4): `/email-editor/funnel/{funnel}/{automation}/{user}/{key}`,
 * `/email-editor/wfunnel/…` and `/email-editor/global/{automation}/{user}/{key}`. `automation` is the
 * automation the e-mail belongs to (where 'Go back to automations' leads), `user` the member whose
 * templates these are (`users/{user}/email-templates`), `key` the template's id, or `new` for a template
 * not saved yet.
 */
export type EmailContext = {
  kind: 'funnel' | 'wfunnel' | 'global';
  funnel: number | null;
  automation: string;
  user: number;
  /** The template's id, or 'new'. */
  key: number | 'new';
};

export const NEW_TEMPLATE_KEY = 'new';

const positive = (value: string | undefined) =>
  value !== undefined && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;

/** The context of an e-mail editor path, or null when the path is not one. */
export function emailContextOf(pathname: string): EmailContext | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'email-editor') return null;
  const kind = parts[1];
  const global = kind === 'global';
  if (!global && kind !== 'funnel' && kind !== 'wfunnel') return null;
  const [funnelPart, automation, userPart, keyPart] = global
    ? [undefined, ...parts.slice(2, 5)]
    : parts.slice(2, 6);
  const funnel = global ? null : positive(funnelPart);
  const user = positive(userPart);
  const key = keyPart === NEW_TEMPLATE_KEY ? 'new' : positive(keyPart);
  if ((!global && funnel === null) || !automation || user === null || key === null) return null;
  return { kind, funnel, automation, user, key };
}

/** The editor's base path of a context (its panels, code and preview follow it). */
export function emailEditorBase(context: EmailContext): string {
  const head =
    context.kind === 'global' ? '/email-editor/global' : `/email-editor/${context.kind}/${context.funnel}`;
  return `${head}/${encodeURIComponent(context.automation)}/${context.user}/${context.key}`;
}

/** Automation 0: an e-mail of no automation, the store's receipts (Settings → Store e-mails). */
const NO_AUTOMATION = '0';

/**
 * 'Go back to automations': the automation's screen when the route names one (a number), else the
 * account's automations; a receipt's design (automation 0) goes back to Settings → Store e-mails.
 */
export function automationsLink(context: EmailContext): { to: string; label: string } {
  if (context.automation === NO_AUTOMATION) {
    return { to: '/settings/store-emails', label: 'Go back to store e-mails' };
  }
  const label = 'Go back to automations';
  const automation = positive(context.automation);
  if (automation === null) return { to: '/automations', label };
  if (context.kind === 'global') return { to: `/automations/${automation}`, label };
  return {
    to:
      context.kind === 'wfunnel'
        ? `/wfunnel/${context.funnel}/automations/${automation}`
        : `/funnel/${context.funnel}/automations/${automation}/${context.key}`,
    label,
  };
}

/**
 * "the editor's initial data (funnel, automation, token, user, key)", kept for the tab while the editor
 * is open (`/email-editor/code` and `/email-editor/preview` find the e-mail through it); "leaving the
 * editor clears the stored email context". The session token stays where the session keeps it.
 */
const STORAGE_KEY = 'funnelwork.emailEditor';

type ContextStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const tabStorage = (): ContextStorage => globalThis.sessionStorage;

export function storeEmailContext(context: EmailContext, storage: ContextStorage = tabStorage()): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(context));
  } catch {
    // Storage may be unavailable (private mode); the editor works from its route alone.
  }
}

export function storedEmailContext(storage: ContextStorage = tabStorage()): EmailContext | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as EmailContext;
    return emailContextOf(emailEditorBase(parsed));
  } catch {
    return null;
  }
}

export function clearEmailContext(storage: ContextStorage = tabStorage()): void {
  try {
    storage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
