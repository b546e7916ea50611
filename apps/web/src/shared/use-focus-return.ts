import { useEffect, useState } from 'react';

/**
 * Gives the focus back to the element that had it when a popup mounted, once the popup unmounts. Mantine's
 * Modal and Drawer remember that element only when `opened` turns true after mounting; a popup rendered
 * already open (`{open && <Popup />}`, or a panel opened by the address) is never told, so closing it left
 * the focus on the page's body. Focus that has already moved elsewhere (a link followed) is left alone.
 */
export function useFocusReturn() {
  // Read while rendering, before the popup's focus trap moves the focus inside it.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      // After the popup's portal has left the page, as Mantine's own focus return waits for it.
      setTimeout(() => {
        const now = document.activeElement;
        const lost = now === null || now === document.body;
        if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
      }, 10);
    },
    [opener],
  );
}
