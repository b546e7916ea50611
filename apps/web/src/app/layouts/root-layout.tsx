import { isAccessDeniedMessage } from '@funnelwork/domain/rules';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { onApiFailure } from '../../shared/api-client.ts';
import { notifyError, showFlashNotice } from '../../shared/notices.ts';
import { useVersionCheck } from '../use-version-check.ts';
import { FullPageLoader } from './full-page-loader.tsx';

/** Wraps every route: the version check, notices kept across a reload, and 'Access denied!'. */
export function RootLayout() {
  useVersionCheck();
  useEffect(() => {
    showFlashNotice();
    return onApiFailure((failure) => {
      if (isAccessDeniedMessage(failure.error)) notifyError(failure.error);
    });
  }, []);
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}
