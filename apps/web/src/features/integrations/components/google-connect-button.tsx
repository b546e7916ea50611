import { Group, Text } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { LockedButton } from '../../../shared/locked-button.tsx';
import { useStartGoogleConnect } from '../api.ts';

/** The name of the window Google's consent screen opens in when a screen must stay as it is. */
const GOOGLE_WINDOW = 'funnelwork-google-connect';

/** How a connect in Google's window ended, as the Sheets screen it comes back to says. */
export type GoogleConnectOutcome = { connected: true } | { error: string };
const OUTCOME_CHANNEL = 'funnelwork-google-connect';
/**
 * Marks Google's window in its own session storage: the window loses its opener and name on the way
 * (Google's pages and ours send Cross-Origin-Opener-Policy), but keeps its session storage.
 */
const WINDOW_MARK = 'fw.googleConnectWindow';

/** Whether this tab is a Google window a builder opened. */
export const isGoogleWindow = () => sessionStorage.getItem(WINDOW_MARK) === '1';

/** Back in Google's window: tells the screen that opened it (any tab of this site) how it went, and closes. */
export function finishGoogleWindow(outcome: GoogleConnectOutcome) {
  sessionStorage.removeItem(WINDOW_MARK);
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(OUTCOME_CHANNEL);
    channel.postMessage(outcome);
    channel.close();
  }
  window.close();
}

/** Calls `listener` with each outcome a Google window reports while the component is mounted. */
export function useGoogleConnectOutcome(listener: (outcome: GoogleConnectOutcome) => void) {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(OUTCOME_CHANNEL);
    channel.onmessage = (event: MessageEvent<GoogleConnectOutcome>) => latest.current(event.data);
    return () => channel.close();
  }, []);
}

/**
 * "Connect with Google" for Google Sheets: the consent screen replaces this page (`page`: Google sends
 * the browser back to the Sheets screen), or opens in a window of its own (`window`: the screen that
 * asked, such as an automation with unsaved steps, stays as it is; `onOpened` runs once it is on its
 * way to Google).
 */
export function GoogleConnectButton({
  admin,
  connected,
  target,
  onOpened,
}: {
  admin: boolean;
  connected: boolean;
  target: 'page' | 'window';
  onOpened?: () => void;
}) {
  const start = useStartGoogleConnect();
  const [blocked, setBlocked] = useState(false);

  const connect = () => {
    if (target === 'page') {
      start.mutate(undefined, { onSuccess: ({ authorize_url }) => window.location.assign(authorize_url) });
      return;
    }
    // Opened within the click, so the browser does not take it for an unasked pop-up.
    const opened = window.open('', GOOGLE_WINDOW, 'popup,width=520,height=680');
    setBlocked(opened === null);
    if (!opened) return;
    // Still this site's blank page: its session storage is ours to write.
    opened.sessionStorage.setItem(WINDOW_MARK, '1');
    start.mutate(undefined, {
      onSuccess: ({ authorize_url }) => {
        opened.location.assign(authorize_url);
        onOpened?.();
      },
      onError: () => opened.close(),
    });
  };

  return (
    <>
      <Group>
        <LockedButton
          locked={!admin}
          leftSection={<IconBrandGoogle size={18} />}
          variant={connected ? 'default' : 'filled'}
          loading={start.isPending || (target === 'page' && start.isSuccess)}
          onClick={connect}
        >
          {connected ? 'Reconnect with Google' : 'Connect with Google'}
        </LockedButton>
        {!admin && (
          <Text size="sm" c="dimmed">
            Only administrators can connect integrations.
          </Text>
        )}
      </Group>
      {blocked && (
        <Text size="sm" c="red" role="alert">
          The browser blocked Google's window: allow pop-ups for this site and connect again.
        </Text>
      )}
    </>
  );
}
