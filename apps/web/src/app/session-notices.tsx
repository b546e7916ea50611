import { billingNotice, rateLimitNotice } from '@funnelwork/domain/rules';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '../features/session/api.ts';
import { hideNotice, notifyWarn } from '../shared/notices.ts';

export const UPGRADE_PATH = '/settings/billing#upgrade';
const shownThisLoad = new Set<string>();

/** Trial, expiry and rate-limit notices: persistent, a click goes to /settings/billing#upgrade. */
export function SessionNotices() {
  const me = useMe();
  const navigate = useNavigate();
  useEffect(() => {
    const upgrade = () => navigate(UPGRADE_PATH);
    const notices: Array<[string, string]> = [];
    const billing = billingNotice(me, new Date());
    if (billing) notices.push([`${billing.kind}-${me.account_id}`, billing.message]);
    if (me.rate_limit?.trim()) notices.push([`rate-limit-${me.account_id}`, rateLimitNotice(me.rate_limit)]);
    // A paid plan (or a lifted limit) takes down the notices that no longer apply.
    const current = new Set(notices.map(([key]) => key));
    for (const key of shownThisLoad) {
      if (current.has(key)) continue;
      shownThisLoad.delete(key);
      hideNotice(key);
    }
    for (const [key, message] of notices) {
      if (shownThisLoad.has(key)) continue;
      shownThisLoad.add(key);
      notifyWarn(message, upgrade, key);
    }
  }, [me, navigate]);
  return null;
}
