import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { sessionKeys, useMe } from '../features/session/api.ts';
import { onApiFailure } from '../shared/api-client.ts';
import { hideNotice, notifyWarn } from '../shared/notices.ts';
import { accountNotices, noticeChanges, planRefusal } from './account-notices.ts';

export const UPGRADE_PATH = '/settings/billing#upgrade';
const shownThisLoad = new Set<string>();

/** Trial, expiry and rate-limit notices: persistent, a click goes to /settings/billing#upgrade. */
export function SessionNotices() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onApiFailure((failure) => {
        const refusal = planRefusal(failure);
        if (refusal?.notice)
          notifyWarn(refusal.notice.message, () => navigate(UPGRADE_PATH), refusal.notice.key);
        if (refusal?.reloadMe) void queryClient.invalidateQueries({ queryKey: sessionKeys.me, exact: true });
      }),
    [navigate, queryClient],
  );
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
