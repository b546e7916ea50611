import { VisuallyHidden } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';

const AnnounceContext = createContext<(message: string) => void>(() => undefined);

/**
 * The editor's polite live region for what its buttons do out of sight of a screen reader's focus: 'Headline
 * moved to position 1 of 3 in Row 1.' after Move up in the layout tree or on the canvas.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState({ text: '', count: 0 });
  // The count makes the same sentence said twice in a row a change the screen reader reads again.
  const announce = useCallback(
    (text: string) => setMessage((previous) => ({ text, count: previous.count + 1 })),
    [],
  );
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <VisuallyHidden role="status" aria-live="polite" data-testid="editor-announcement">
        <span key={message.count}>{message.text}</span>
      </VisuallyHidden>
    </AnnounceContext.Provider>
  );
}

export const useAnnounce = () => useContext(AnnounceContext);
