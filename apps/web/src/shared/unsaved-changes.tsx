/**
 * Leaving a screen that holds unsaved changes (the page and e-mail editors, the automation builder):
 * the browser's own warning on a reload, a close or a full page load, and 'Save changes?' on any
 * navigation in the app, logging out included (useLogOut goes through /log-out, a navigation).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { type Blocker, type Location, useBlocker } from 'react-router';
import { AppModal } from './popups.tsx';

/** "unloading warns 'Save the result before refreshing the page'" (the e-mail editor's words, used everywhere). */
export const UNLOAD_WARNING = 'Save the result before refreshing the page';

/**
 * Guards a screen while `dirty`: returns the blocker of in-app navigations, which 'Save changes?'
 * (UnsavedChangesModal) answers. `stays` names the locations that keep the screen (its own panels,
 * its tabs): those are not blocked. Both are read at navigation time, so a save's follow-up
 * navigation in the commit that cleaned the screen is not blocked.
 */
export function useUnsavedChangesGuard(dirty: boolean, stays: (next: Location) => boolean): Blocker {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only with a returnValue.
      event.returnValue = UNLOAD_WARNING;
      return UNLOAD_WARNING;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const staysNow = useRef(stays);
  staysNow.current = stays;
  return useBlocker(({ nextLocation }) => dirtyNow.current && !staysNow.current(nextLocation));
}

/**
 * 'Save changes?' while a navigation is blocked: Ignore changes leaves, Save changes leaves once the
 * save succeeded (`save` answers whether it did) and stays otherwise.
 */
export function UnsavedChangesModal({
  blocker,
  text,
  save,
}: {
  blocker: Blocker;
  text: string;
  save: () => Promise<boolean>;
}) {
  const [saving, setSaving] = useState(false);
  return (
    <AppModal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Save changes?">
      <Stack>
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.proceed?.()}>
            Ignore changes
          </Button>
          <Button
            loading={saving}
            onClick={async () => {
              setSaving(true);
              const saved = await save().finally(() => setSaving(false));
              if (saved) blocker.proceed?.();
              else blocker.reset?.();
            }}
          >
            Save changes
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
