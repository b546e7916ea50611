import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '../features/session/api.ts';
import { hideNotice, notifyWarn } from '../shared/notices.ts';
import { accountNotices, noticeChanges } from './account-notices.ts';

export const UPGRADE_PATH = '/settings/billing#upgrade';
const shownThisLoad = new Set<string>();

/** Trial, expiry and rate-limit notices: persistent, a click goes to /settings/billing#upgrade. */
export function SessionNotices() {
  const me = useMe();
  const navigate = useNavigate();
  useEffect(() => {
    const upgrade = () => navigate(UPGRADE_PATH);
    const { show, hide } = noticeChanges(shownThisLoad, accountNotices(me, new Date()));
    // A paid plan (or a lifted limit) takes down the notices that no longer apply.
    for (const key of hide) {
      shownThisLoad.delete(key);
      hideNotice(key);
    }
    for (const notice of show) {
      shownThisLoad.add(notice.key);
      notifyWarn(notice.message, upgrade, notice.key);
    }
  }, [me, navigate]);
  return null;
}
