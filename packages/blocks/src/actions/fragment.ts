import type { Block } from '../catalogue/registry.ts';
import type { NodeId } from '../document/ids.ts';
import type { EditorDocument, Row, Section } from '../document/schema.ts';
import { describeSlot, type Slot, slotOwner, slotStep } from '../document/structure.ts';
import { cloneBlock, cloneRow } from './clone-node.ts';
import { type ActionResult, done, fail, NO_SECTION_MESSAGE } from './result.ts';
import {
  descendantIds,
  findNode,
  idAllocator,
  insertAt,
  rowBlockIds,
  slotChildren,
  withBlocks,
  withSlotChildren,
} from './tree.ts';

/** What a saved asset holds: a section, a row or a block (with everything inside it). */
export type FragmentKind = 'section' | 'row' | 'block';

const pick = (document: EditorDocument, ids: readonly NodeId[]) =>
  Object.fromEntries(ids.flatMap((id) => (document.children[id] ? [[id, document.children[id]]] : [])));

/**
 * A document holding just one node of `document` and what is inside it, for a saved asset: a section as it
 * is; a row in its section (with no other rows); a block alone in a one-column row of its section.
 */
export function extractFragment(
  document: EditorDocument,
  id: NodeId,
): { kind: FragmentKind; document: EditorDocument } | undefined {
  const node = findNode(document, id);
  if (!node) return undefined;
  const base = { version: document.version, kind: document.kind, settings: document.settings };
  switch (node.kind) {
    case 'section': {
      const rows = node.section.children.flatMap((rowId) =>
        document.rows[rowId] ? [document.rows[rowId]] : [],
      );
      return {
        kind: 'section',
        document: {
          ...base,
          content: [node.section],
          rows: Object.fromEntries(rows.map((row) => [row.id, row])),
          children: pick(
            document,
            rows.flatMap((row) => rowBlockIds(document, row)),
          ),
        },
      };
    }
    case 'row': {
      const section = document.content[node.sectionIndex] as Section;
      return {
        kind: 'row',
        document: {
          ...base,
          content: [{ ...section, children: [node.row.id] }],
          rows: { [node.row.id]: node.row },
          children: pick(document, rowBlockIds(document, node.row)),
        },
      };
    }
    case 'block': {
      const owner = document.rows[rowOf(document, node.block)];
      const section = owner && document.content.find((candidate) => candidate.id === owner.parent);
      if (!owner || !section) return undefined;
      const { step: _step, ...block } = node.block;
      const row: Row = { ...owner, cols: [{ width: 100, children: [block.id] }] };
      return {
        kind: 'block',
        document: {
          ...base,
          content: [{ ...section, children: [row.id] }],
          rows: { [row.id]: row },
          children: {
            ...pick(document, descendantIds(document, node.block)),
            [block.id]: { ...block, parent: row.id } as Block,
          },
        },
      };
    }
  }
}

/** The row a block sits in, through containers, FAQ blocks and forms. */
function rowOf(document: EditorDocument, block: Block): NodeId {
  let parent = block.parent;
  for (let depth = 0; depth < 100; depth += 1) {
    const above = document.children[parent];
    if (!above) return parent;
    parent = above.parent;
  }
  return parent;
}

/** A saved part inserted with new ids: a section at `index` of the page, a row in a section, a block in a slot. */
export type InsertFragmentAction =
  | { type: 'insertFragment'; kind: 'section'; fragment: EditorDocument; index?: number }
  | { type: 'insertFragment'; kind: 'row'; fragment: EditorDocument; sectionId?: NodeId; index?: number }
  | { type: 'insertFragment'; kind: 'block'; fragment: EditorDocument; slot: Slot; index?: number };

export function insertFragment(
  document: EditorDocument,
  action: InsertFragmentAction,
  random: () => number = Math.random,
): ActionResult {
  const { fragment } = action;
  const section = fragment.content[0];
  const row = section && fragment.rows[section.children[0] as NodeId];
  const nextId = idAllocator(document, random);
  const empty = () => fail('not-found', `The saved ${action.kind} is empty`);

  switch (action.kind) {
    case 'section': {
      if (!section) return empty();
      const id = nextId();
      const rows = section.children.flatMap((rowId) =>
        fragment.rows[rowId] ? [cloneRow(fragment, fragment.rows[rowId], id, nextId)] : [],
      );
      const copy: Section = { ...structuredClone(section), id, children: rows.map((r) => r.id) };
      const withRows = { ...document.rows };
      for (const r of rows) withRows[r.id] = r.node;
      const next = { ...document, content: insertAt(document.content, action.index, copy), rows: withRows };
      return done(
        withBlocks(
          next,
          rows.flatMap((r) => r.blocks),
        ),
        id,
      );
    }
    case 'row': {
      if (!row) return empty();
      if (document.content.length === 0) return fail('no-section', NO_SECTION_MESSAGE);
      const sectionIndex =
        action.sectionId === undefined
          ? document.content.length - 1
          : document.content.findIndex((candidate) => candidate.id === action.sectionId);
      const target = document.content[sectionIndex];
      if (!target) return fail('not-found', `There is no section ${action.sectionId}`);
      const clone = cloneRow(fragment, row, target.id, nextId);
      const content = document.content.map((candidate, index) =>
        index === sectionIndex
          ? { ...candidate, children: insertAt(candidate.children, action.index, clone.id) }
          : candidate,
      );
      const next = { ...document, content, rows: { ...document.rows, [clone.id]: clone.node } };
      return done(withBlocks(next, clone.blocks), clone.id);
    }
    case 'block': {
      const block = row && fragment.children[row.cols[0]?.children[0] as NodeId];
      if (!block) return empty();
      const siblings = slotChildren(document, action.slot);
      if (!siblings) return fail('not-found', `There is no ${describeSlot(action.slot)}`);
      const clone = cloneBlock(fragment, block, slotOwner(action.slot), slotStep(action.slot), nextId);
      const placed = withSlotChildren(document, action.slot, insertAt(siblings, action.index, clone.id));
      return done(withBlocks(placed, [clone.node, ...clone.blocks]), clone.id);
    }
  }
}
