import { BLOCKS } from '../catalogue/registry.ts';
import type { NodeId } from '../document/ids.ts';
import { pageSettingsSchema } from '../document/page-settings.ts';
import { type EditorDocument, rowSchema, sectionSchema } from '../document/schema.ts';
import { type ActionResult, done, fail } from './result.ts';

export type ValuePath = readonly (string | number)[];

/**
 * Sets one setting of a node: a block, a row or a section by id, or the page settings (`'page'`). The path
 * starts at the node (`['attributes', 'basic', 'font', 'size']`, `['responsive', 'mobile']`, `['content']`,
 * `['labelTitle']`) or, for the page, inside its settings (`['padding', 'top']`).
 */
export type SetNodeValueAction = {
  type: 'setNodeValue';
  id: NodeId | 'page';
  path: ValuePath;
  value: unknown;
};

/** What a settings edit may touch: never ids, parents or the lists that place other nodes. */
const EDITABLE_ROOTS: Readonly<Record<'block' | 'row' | 'section', readonly string[]>> = {
  block: ['attributes', 'responsive', 'content'],
  row: ['attributes', 'labelTitle', 'labelColor'],
  section: ['attributes'],
};

/** A copy of `target` with the value at `path` replaced; undefined when the path leads nowhere. */
export function setAtPath(target: unknown, path: ValuePath, value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  if (Array.isArray(target)) {
    if (typeof key !== 'number' || key < 0 || key >= target.length) return undefined;
    const inner = setAtPath(target[key], rest, value);
    if (inner === undefined) return undefined;
    return target.map((item, index) => (index === key ? inner : item));
  }
  if (typeof target !== 'object' || target === null || typeof key !== 'string') return undefined;
  const record = target as Record<string, unknown>;
  if (!Object.hasOwn(record, key) && rest.length > 0) return undefined;
  const inner = rest.length === 0 ? value : setAtPath(record[key], rest, value);
  if (inner === undefined && rest.length > 0) return undefined;
  return { ...record, [key]: inner };
}

/** The value at `path`, or undefined. */
export function getAtPath(target: unknown, path: ValuePath): unknown {
  let current = target;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

const describePath = (path: ValuePath) => path.join('.');

/** A settings edit; refused when the path is not a setting or the value does not fit the node's schema. */
export function setNodeValue(document: EditorDocument, action: SetNodeValueAction): ActionResult {
  const { id, path, value } = action;
  if (id === 'page') {
    const next = setAtPath(document.settings, path, value);
    const parsed = pageSettingsSchema.safeParse(next);
    if (next === undefined || !parsed.success) {
      return fail('invalid-value', `Page setting ${describePath(path)} cannot be ${JSON.stringify(value)}`);
    }
    return done({ ...document, settings: parsed.data });
  }

  const block = document.children[id];
  const row = document.rows[id];
  const sectionIndex = document.content.findIndex((section) => section.id === id);
  const kind = block ? 'block' : row ? 'row' : sectionIndex !== -1 ? 'section' : undefined;
  if (!kind) return fail('not-found', `There is no section, row or block ${id}`);
  const root = path[0];
  if (typeof root !== 'string' || !EDITABLE_ROOTS[kind].includes(root)) {
    return fail('invalid-value', `${describePath(path)} is not a setting of a ${kind}`);
  }
  const refuse = () =>
    fail('invalid-value', `${describePath(path)} of ${kind} ${id} cannot be ${JSON.stringify(value)}`);

  if (block) {
    const next = setAtPath(block, path, value);
    const parsed = BLOCKS[block.type].schema.safeParse(next);
    if (next === undefined || !parsed.success) return refuse();
    return done({ ...document, children: { ...document.children, [id]: parsed.data as typeof block } });
  }
  if (row) {
    const parsed = rowSchema.safeParse(setAtPath(row, path, value));
    if (!parsed.success) return refuse();
    return done({ ...document, rows: { ...document.rows, [id]: parsed.data } });
  }
  const section = document.content[sectionIndex];
  const parsed = sectionSchema.safeParse(setAtPath(section, path, value));
  if (!parsed.success) return refuse();
  return done({
    ...document,
    content: document.content.map((item, index) => (index === sectionIndex ? parsed.data : item)),
  });
}
