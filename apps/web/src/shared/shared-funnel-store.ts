/** A share link's funnel and code, kept until the home route offers to clone it (spec §4 Share link). */
export type StoredShare = { funnel: string; code: string; name: string | null };

const SHARED_FUNNEL_KEY = 'fw.sharedFunnel';

export const sharedFunnelStore = {
  get(): StoredShare | null {
    try {
      const value = JSON.parse(localStorage.getItem(SHARED_FUNNEL_KEY) ?? 'null') as StoredShare | null;
      return value && typeof value.funnel === 'string' && typeof value.code === 'string' ? value : null;
    } catch {
      return null;
    }
  },
  set(share: StoredShare) {
    localStorage.setItem(SHARED_FUNNEL_KEY, JSON.stringify(share));
  },
  clear() {
    localStorage.removeItem(SHARED_FUNNEL_KEY);
  },
};
