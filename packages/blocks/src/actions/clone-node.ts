import type { FormStep } from '../catalogue/define-block.ts';
import type { Block } from '../catalogue/registry.ts';
import type { NodeId } from '../document/ids.ts';
import type { EditorDocument, Row } from '../document/schema.ts';
import { mapBlockChildLists, slotStep } from '../document/structure.ts';
import { type ActionResult, done, fail } from './result.ts';
import {
  findNode,
  idAllocator,
  insertAt,
  placeBlock,
  slotChildren,
  withBlocks,
  withSlotChildren,
} from './tree.ts';

export type CloneNodeAction = { type: 'cloneNode'; id: NodeId };

type Clone<T> = { id: NodeId; node: T; blocks: Block[] };

export function cloneBlock(
  document: EditorDocument,
  block: Block,
  parent: NodeId,
  step: FormStep | undefined,
  nextId: () => NodeId,
): Clone<Block> {
  const id = nextId();
  const nested: Block[] = [];
  const copy = mapBlockChildLists(structuredClone(block), (children, slot) =>
    children.flatMap((childId) => {
      const child = document.children[childId];
      if (!child) return [];
      const clone = cloneBlock(document, child, id, slotStep(slot), nextId);
      nested.push(clone.node, ...clone.blocks);
      return [clone.id];
    }),
  );
  return { id, node: { ...placeBlock(copy, parent, step), id }, blocks: nested };
}

export function cloneRow(
  document: EditorDocument,
  row: Row,
  parent: NodeId,
  nextId: () => NodeId,
): Clone<Row> {
  const id = nextId();
  const blocks: Block[] = [];
  const cols = row.cols.map((column) => ({
    width: column.width,
    children: column.children.flatMap((childId) => {
      const child = document.children[childId];
      if (!child) return [];
      const clone = cloneBlock(document, child, id, undefined, nextId);
      blocks.push(clone.node, ...clone.blocks);
      return [clone.id];
    }),
  }));
  return { id, node: { ...structuredClone(row), id, parent, cols }, blocks };
}

/**
 * "cloning gives new random ids": a copy of a section, row or block with everything inside it, placed right
 * after the original.
 */
export function cloneNode(
  document: EditorDocument,
  action: CloneNodeAction,
  random: () => number = Math.random,
): ActionResult {
  const node = findNode(document, action.id);
  if (!node) return fail('not-found', `There is no section, row or block ${action.id}`);
  const nextId = idAllocator(document, random);

  switch (node.kind) {
    case 'section': {
      const id = nextId();
      const rows = node.section.children.flatMap((rowId) => {
        const row = document.rows[rowId];
        return row ? [cloneRow(document, row, id, nextId)] : [];
      });
      const section = { ...structuredClone(node.section), id, children: rows.map((row) => row.id) };
      const withRows = { ...document.rows };
      for (const row of rows) withRows[row.id] = row.node;
      const next = {
        ...document,
        content: insertAt(document.content, node.index + 1, section),
        rows: withRows,
      };
      return done(
        withBlocks(
          next,
          rows.flatMap((row) => row.blocks),
        ),
        id,
      );
    }
    case 'row': {
      const clone = cloneRow(document, node.row, node.row.parent, nextId);
      const content = document.content.map((section, index) =>
        index === node.sectionIndex
          ? { ...section, children: insertAt(section.children, node.index + 1, clone.id) }
          : section,
      );
      const next = { ...document, content, rows: { ...document.rows, [clone.id]: clone.node } };
      return done(withBlocks(next, clone.blocks), clone.id);
    }
    case 'block': {
      const clone = cloneBlock(document, node.block, node.block.parent, node.block.step, nextId);
      const siblings = slotChildren(document, node.slot) ?? [];
      const placed = withSlotChildren(document, node.slot, insertAt(siblings, node.index + 1, clone.id));
      return done(withBlocks(placed, [clone.node, ...clone.blocks]), clone.id);
    }
  }
}
