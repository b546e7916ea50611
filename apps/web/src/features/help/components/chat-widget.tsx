import { useEffect } from 'react';
import { useChatWidget } from '../api.ts';

/**
 * The chat-support widget (spec §2.5 "an embedded chat-support widget"): the provider's script the
 * operator configured (CHAT_WIDGET_URL), loaded once; nothing when none is configured. The dashboard's
 * CSP allows exactly that script's origin.
 */
export function ChatWidget() {
  const widget = useChatWidget();
  const src = widget.data?.script_url ?? null;
  useEffect(() => {
    if (!src || document.querySelector('script[data-chat-widget]')) return;
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.setAttribute('data-chat-widget', '');
    document.body.appendChild(script);
  }, [src]);
  return null;
}
