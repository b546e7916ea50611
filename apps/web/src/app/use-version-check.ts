import { HARD_REFRESH_NOTICE, isOutdated, VERSION_CHECK_INTERVAL_MS } from '@funnelwork/domain/rules';
import { useEffect } from 'react';
import { notifyInfo } from '../shared/notices.ts';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

/**
 * "Version check every 10 s comparing the cookie version to a built-in version": GET /api/version
 * sets the dashboard_version cookie; a newer one shows the hard-refresh notice once.
 */
export function useVersionCheck() {
  useEffect(() => {
    let shown = false;
    const check = async () => {
      try {
        await fetch('/api/version', { cache: 'no-store', credentials: 'same-origin' });
      } catch {
        return;
      }
      if (shown || !isOutdated(__APP_VERSION__, readCookie('dashboard_version'))) return;
      shown = true;
      notifyInfo(HARD_REFRESH_NOTICE, () => window.location.reload(), 'hard-refresh');
    };
    void check();
    const timer = window.setInterval(check, VERSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
}
