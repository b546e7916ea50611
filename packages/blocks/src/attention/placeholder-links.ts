import { BLOCKS, type BlockType } from '../catalogue/registry.ts';
import type { NodeId } from '../document/ids.ts';
import type { EditorDocument } from '../document/schema.ts';

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

/** A block whose click still goes to a template's placeholder address. */
export type PlaceholderLink = { id: NodeId; blockType: BlockType; label: string };

const holdsPlaceholder = (value: unknown, depth = 0): boolean => {
  if (depth > 12 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => holdsPlaceholder(item, depth + 1));
  const record = value as Record<string, unknown>;
  if (record.type === 'goto-url' && typeof record.url === 'string' && isPlaceholderUrl(record.url))
    return true;
  return Object.values(record).some((child) => holdsPlaceholder(child, depth + 1));
};

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** True when a block's click (or one of its items') still goes to a placeholder address. */
export function blockHasPlaceholderLink(block: { attributes: unknown }): boolean {
  return holdsPlaceholder(block.attributes);
}

/** The blocks of a document whose links still point to a placeholder address, in node id order. */
export function placeholderLinks(document: EditorDocument): PlaceholderLink[] {
  const found: PlaceholderLink[] = [];
  for (const [key, block] of Object.entries(document.children)) {
    if (!holdsPlaceholder(block.attributes)) continue;
    const attributes = block.attributes as { basic?: { headline?: { text?: unknown } } };
    const buttonText = attributes.basic?.headline?.text;
    const text =
      typeof buttonText === 'string' && buttonText.trim()
        ? buttonText.trim()
        : 'content' in block && typeof block.content === 'string'
          ? plainText(block.content)
          : '';
    found.push({ id: Number(key), blockType: block.type, label: text || BLOCKS[block.type].title });
  }
  return found.sort((a, b) => a.id - b.id);
}
