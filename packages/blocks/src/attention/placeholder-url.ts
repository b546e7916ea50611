/**
 * A template's link that the merchant must point somewhere real (a course, a download, a calendar) carries
 * an address on example.com (reserved for examples, RFC 2606): the editor lists it under 'links to set' and
 * a published page renders it as no link, so no shopper is ever sent to example.com.
 */
export const PLACEHOLDER_URL_BASE = 'https://example.com';

const PLACEHOLDER_HOSTS = new Set(['example.com', 'www.example.com']);

/** True for an address on example.com: a template's link the merchant has not set yet. */
export function isPlaceholderUrl(url: string | null | undefined): boolean {
  const text = (url ?? '').trim();
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return PLACEHOLDER_HOSTS.has(new URL(text).hostname.toLowerCase());
  } catch {
    return false;
  }
}
