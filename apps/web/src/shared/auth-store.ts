import { useSyncExternalStore } from 'react';

/** "Auth state (token, user, accountId) is kept in local storage." */
const KEYS = { token: 'fw.token', accountId: 'fw.accountId', user: 'fw.user' } as const;
const listeners = new Set<() => void>();

export type AuthState = { token: string | null; accountId: string | null };

let snapshot: AuthState = read();

function read(): AuthState {
  return { token: localStorage.getItem(KEYS.token), accountId: localStorage.getItem(KEYS.accountId) };
}

function emit() {
  const next = read();
  if (next.token === snapshot.token && next.accountId === snapshot.accountId) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

// Another tab logging out or switching account changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values<string>(KEYS).includes(event.key)) emit();
});

export const authStore = {
  get: () => snapshot,
  setToken(token: string) {
    localStorage.setItem(KEYS.token, token);
    emit();
  },
  setAccountId(id: number | string | null) {
    if (id === null) localStorage.removeItem(KEYS.accountId);
    else localStorage.setItem(KEYS.accountId, String(id));
    emit();
  },
  setUser(user: unknown) {
    localStorage.setItem(KEYS.user, JSON.stringify(user));
  },
  /** "user info and account id are cleared" when the user is no longer valid. */
  clearUser() {
    localStorage.removeItem(KEYS.user);
    localStorage.removeItem(KEYS.accountId);
    emit();
  },
  clear() {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
    emit();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** "a token with no chosen account (missing or '0')" */
export const hasChosenAccount = (state: AuthState) => !!state.accountId && state.accountId !== '0';

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get);
}
