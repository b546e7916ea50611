import { useSyncExternalStore } from 'react';

/**
 * The account's time zone as the analytics answers name it. The server buckets in the account owner's
 * `time_zone`; the signed-in member's own may differ (GET users/me carries only the member's), so the
 * screens count days in the zone the last answer named, and in the member's until one has come.
 */
let answerZone: string | null = null;
const listeners = new Set<() => void>();

export function noteAnswerZone(zone: string): void {
  if (zone === answerZone) return;
  answerZone = zone;
  for (const listener of listeners) listener();
}

export function useAnswerZone(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => answerZone,
  );
}
