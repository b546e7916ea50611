import { isPlaceholderUrl } from '../attention/placeholder-url.ts';
import { isNoLink, type LinkAction } from '../catalogue/link-actions.ts';

/** How a clickable element behaves on the published page. */
export type LinkBehaviour =
  /** An ordinary link: an `<a href>` to a URL or an element of the page. */
  | { kind: 'link'; href: string; target?: '_blank'; rel?: string; action: 'goto-url' | 'goto-element' }
  /** A page action the hydration script runs: a `<button>` with data-action (and its data). */
  | {
      kind: 'action';
      action: 'submit-step' | 'next-step' | 'yes-link' | 'show-popup' | 'close-popup';
      data: Record<string, string>;
    }
  /** Nothing happens on click. */
  | { kind: 'none' };

const NONE: LinkBehaviour = { kind: 'none' };

const SAFE_SCHEME = /^(https?:|mailto:|tel:|sms:)/i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A URL a merchant typed, if it is safe to put in an href: http(s), mailto, tel, sms, a path or an
 * anchor. Other schemes (javascript:, data: …) and the no-link targets answer undefined.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (isNoLink(url)) return undefined;
  // Browsers drop control characters from URLs, so 'java\tscript:' must be read as 'javascript:'.
  const text = [...(url ?? '').trim()].filter((character) => character.charCodeAt(0) > 31).join('');
  if (SAFE_SCHEME.test(text)) return text;
  if (ANY_SCHEME.test(text)) return undefined;
  return text;
}

/** The id attribute an element of the page is reached by (its own css id, else one from its node id). */
export type AnchorOf = (nodeId: number) => string | undefined;

/**
 * "Link action values: goto-element, goto-url (with target), submit-step, next-step, no-link, yes-link
 * (optional productId), show-popup, close-popup. Links whose target is empty, '#', or '#no-action' render
 * as no link."
 */
export function linkBehaviour(action: LinkAction, anchorOf: AnchorOf): LinkBehaviour {
  switch (action.type) {
    case 'goto-url': {
      const href = safeHref(action.url);
      // A template's placeholder the merchant has not set yet: shoppers get no link rather than example.com.
      if (href === undefined || isPlaceholderUrl(href)) return NONE;
      return action.target === '_blank'
        ? { kind: 'link', href, target: '_blank', rel: 'noopener noreferrer', action: 'goto-url' }
        : { kind: 'link', href, action: 'goto-url' };
    }
    case 'goto-element': {
      const anchor = action.elementId === null ? undefined : anchorOf(action.elementId);
      return anchor ? { kind: 'link', href: `#${anchor}`, action: 'goto-element' } : NONE;
    }
    case 'submit-step':
    case 'next-step':
    case 'close-popup':
      return { kind: 'action', action: action.type, data: {} };
    case 'yes-link':
      return {
        kind: 'action',
        action: 'yes-link',
        data: action.productId === undefined ? {} : { 'data-product-id': String(action.productId) },
      };
    case 'show-popup':
      return action.popupId === null
        ? NONE
        : { kind: 'action', action: 'show-popup', data: { 'data-popup-id': String(action.popupId) } };
    case 'no-link':
      return NONE;
  }
}

/** The attributes of an `<a>` (link) or `<button>` (action) for a behaviour; none for no link. */
export function linkAttributes(behaviour: LinkBehaviour): Record<string, string> {
  switch (behaviour.kind) {
    case 'link':
      return {
        href: behaviour.href,
        ...(behaviour.target ? { target: behaviour.target } : {}),
        ...(behaviour.rel ? { rel: behaviour.rel } : {}),
        'data-action': behaviour.action,
      };
    case 'action':
      return { 'data-action': behaviour.action, ...behaviour.data };
    case 'none':
      return {};
  }
}
