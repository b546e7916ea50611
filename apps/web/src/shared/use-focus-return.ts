import { useEffect, useState } from 'react';

/**
 * The element that opens a popup: the one with the focus (the page's body means none) or, for an item of
 * a menu (it leaves the page as the menu closes), the button that opened that menu, named by the menu's
 * `aria-labelledby`, as the WAI-ARIA menu button pattern returns the focus there.
 */
function focusedElement() {
  if (typeof document === 'undefined') return null;
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role="menu"][aria-labelledby]');
  const button = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return button instanceof HTMLElement ? button : element;
}

/**
 * Gives the focus back to the element that had it when a popup opened, once the popup closes — whether
 * `opened` turned true after mounting or the popup was rendered already open (`{open && <Popup />}`, or a
 * panel opened by the address), which Mantine's own focus return never sees (it listens for `opened`
 * changing only), so closing such a popup left the focus on the page's body. Used by `AppModal` and
 * `AppDrawer` (./popups.tsx) for every popup. Focus that has already moved elsewhere (a link followed,
 * another popup opened) is left alone.
 */
export function useFocusReturn(opened: boolean, enabled = true) {
  // Read while rendering (React's state-from-props pattern), before the popup's focus trap moves the focus
  // inside it: Mantine's trap does that in a timeout after mounting.
  const [tracked, setTracked] = useState(() => ({ opened, opener: opened ? focusedElement() : null }));
  if (tracked.opened !== opened) setTracked({ opened, opener: opened ? focusedElement() : tracked.opener });
  const opener = tracked.opener;

  useEffect(() => {
    if (!opened || !enabled || opener === null) return;
    // Runs when `opened` turns false or the popup unmounts while open.
    return () => {
      const atClose = document.activeElement;
      const closing = atClose?.closest('[role="dialog"]') ?? null;
      // After the popup's portal has left the page (or its content lost its trap), as Mantine's own waits.
      setTimeout(() => {
        const now = document.activeElement;
        const lost = now === null || now === document.body || now === atClose || !now.isConnected;
        if (!lost || !opener.isConnected) return;
        // A popup opened in its place (not one the opener sits in) keeps the focus it took.
        const other = Array.from(document.querySelectorAll('[role="dialog"][aria-modal="true"]')).some(
          (dialog) => dialog !== closing && !dialog.contains(opener),
        );
        if (!other) opener.focus({ preventScroll: true });
      }, 10);
    };
  }, [opened, enabled, opener]);
}
