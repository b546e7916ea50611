import { BLOCKS, type BlockType } from '../catalogue/registry.ts';
import type { NodeId } from '../document/ids.ts';
import type { EditorDocument } from '../document/schema.ts';
import { isPlaceholderUrl } from './placeholder-url.ts';

export { isPlaceholderUrl, PLACEHOLDER_URL_BASE } from './placeholder-url.ts';

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

/** Per attributes object (an edit makes a new one): the canvas asks again on every keystroke. */
const placeholderCache = new WeakMap<object, boolean>();

/** True when a block's click (or one of its items') still goes to a placeholder address. */
export function blockHasPlaceholderLink(block: { attributes: unknown }): boolean {
  const { attributes } = block;
  if (typeof attributes !== 'object' || attributes === null) return false;
  let holds = placeholderCache.get(attributes);
  if (holds === undefined) {
    holds = holdsPlaceholder(attributes);
    placeholderCache.set(attributes, holds);
  }
  return holds;
}

/** The blocks of a document whose links still point to a placeholder address, in node id order. */
export function placeholderLinks(document: EditorDocument): PlaceholderLink[] {
  const found: PlaceholderLink[] = [];
  for (const [key, block] of Object.entries(document.children)) {
    if (!blockHasPlaceholderLink(block)) continue;
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
