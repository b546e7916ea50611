import type { FormStep } from '../catalogue/define-block.ts';
import type { Block } from '../catalogue/registry.ts';
import { type NodeId, newId } from '../document/ids.ts';
import { documentIds, type EditorDocument, type Row, type Section } from '../document/schema.ts';
import {
  blockChildLists,
  mapBlockChildLists,
  rowChildLists,
  type Slot,
  sameSlot,
  slotOwner,
} from '../document/structure.ts';

/** Where an id lives in the document. */
export type Located =
  | { kind: 'section'; section: Section; index: number }
  | { kind: 'row'; row: Row; sectionIndex: number; index: number }
  | { kind: 'block'; block: Block; slot: Slot; index: number };

/** `items` inserted at `index` (clamped to the list; the end when omitted). */
export function insertAt<T>(list: readonly T[], index: number | undefined, ...items: T[]): T[] {
  const at = index === undefined ? list.length : Math.max(0, Math.min(list.length, Math.trunc(index)));
  return [...list.slice(0, at), ...items, ...list.slice(at)];
}

/** The block ids of a slot, or undefined when the slot does not exist. */
export function slotChildren(document: EditorDocument, slot: Slot): readonly NodeId[] | undefined {
  if (slot.kind === 'column') return document.rows[slot.rowId]?.cols[slot.column]?.children;
  const owner = document.children[slotOwner(slot)];
  if (!owner) return undefined;
  return blockChildLists(owner).find((list) => sameSlot(list.slot, slot))?.children;
}

/** The document with the block ids of an existing slot replaced. */
export function withSlotChildren(document: EditorDocument, slot: Slot, children: NodeId[]): EditorDocument {
  if (slot.kind === 'column') {
    const row = document.rows[slot.rowId];
    if (!row) return document;
    const cols = row.cols.map((column, index) => (index === slot.column ? { ...column, children } : column));
    return { ...document, rows: { ...document.rows, [row.id]: { ...row, cols } } };
  }
  const owner = document.children[slotOwner(slot)];
  if (!owner) return document;
  const updated = mapBlockChildLists(owner, (list, listSlot) =>
    sameSlot(listSlot, slot) ? children : [...list],
  );
  return withBlocks(document, [updated]);
}

export function withBlocks(document: EditorDocument, blocks: readonly Block[]): EditorDocument {
  const children = { ...document.children };
  for (const block of blocks) children[block.id] = block;
  return { ...document, children };
}

/** Where a block sits, found through its parent. */
export function locateBlock(
  document: EditorDocument,
  block: Block,
): { slot: Slot; index: number } | undefined {
  const row = document.rows[block.parent];
  const owner = document.children[block.parent];
  const lists = row ? rowChildLists(row) : owner ? blockChildLists(owner) : [];
  for (const list of lists) {
    const index = list.children.indexOf(block.id);
    if (index !== -1) return { slot: list.slot, index };
  }
  return undefined;
}

export function findNode(document: EditorDocument, id: NodeId): Located | undefined {
  const sectionIndex = document.content.findIndex((section) => section.id === id);
  const section = document.content[sectionIndex];
  if (section) return { kind: 'section', section, index: sectionIndex };
  const row = document.rows[id];
  if (row) {
    const parentIndex = document.content.findIndex((candidate) => candidate.id === row.parent);
    const index = document.content[parentIndex]?.children.indexOf(id) ?? -1;
    return index === -1 ? undefined : { kind: 'row', row, sectionIndex: parentIndex, index };
  }
  const block = document.children[id];
  const location = block && locateBlock(document, block);
  return block && location ? { kind: 'block', block, ...location } : undefined;
}

/** Every block below a block, depth first. */
export function descendantIds(document: EditorDocument, block: Block): NodeId[] {
  return blockChildLists(block).flatMap((list) =>
    list.children.flatMap((id) => {
      const child = document.children[id];
      return child ? [id, ...descendantIds(document, child)] : [id];
    }),
  );
}

/** Every block of a row, at any depth. */
export function rowBlockIds(document: EditorDocument, row: Row): NodeId[] {
  return row.cols.flatMap((column) =>
    column.children.flatMap((id) => {
      const block = document.children[id];
      return block ? [id, ...descendantIds(document, block)] : [id];
    }),
  );
}

export function withoutKeys<T>(
  record: Readonly<Record<string, T>>,
  ids: readonly NodeId[],
): Record<string, T> {
  const removed = new Set(ids.map(String));
  return Object.fromEntries(Object.entries(record).filter(([key]) => !removed.has(key)));
}

/** Draws ids that collide neither with the document nor with each other. */
export function idAllocator(document: EditorDocument, random: () => number): () => NodeId {
  const taken = documentIds(document);
  return () => {
    const id = newId(taken, document.kind, random);
    taken.add(id);
    return id;
  };
}

/** The block moved to a parent: `step` is set inside a two-step form and absent anywhere else. */
export function placeBlock(block: Block, parent: NodeId, step: FormStep | undefined): Block {
  const { step: _previous, ...rest } = block;
  return step === undefined ? { ...rest, parent } : { ...rest, parent, step };
}
