import type { NodeId } from '../document/ids.ts';
import type { EditorDocument } from '../document/schema.ts';
import { type ActionResult, done, fail } from './result.ts';
import { findNode, insertAt } from './tree.ts';

/** Moves a section to `index` of the page (its position once it has left its old place). */
export type MoveSectionAction = { type: 'moveSection'; sectionId: NodeId; index: number };

/** Moves a row to `index` of a section (its own section when omitted), counted once it has left. */
export type MoveRowAction = { type: 'moveRow'; rowId: NodeId; sectionId?: NodeId; index: number };

export function moveSection(document: EditorDocument, action: MoveSectionAction): ActionResult {
  const section = document.content.find((item) => item.id === action.sectionId);
  if (!section) return fail('not-found', `There is no section ${action.sectionId}`);
  const rest = document.content.filter((item) => item.id !== action.sectionId);
  return done({ ...document, content: insertAt(rest, action.index, section) });
}

export function moveRow(document: EditorDocument, action: MoveRowAction): ActionResult {
  const node = findNode(document, action.rowId);
  if (node?.kind !== 'row') return fail('not-found', `There is no row ${action.rowId}`);
  const targetId = action.sectionId ?? node.row.parent;
  if (!document.content.some((section) => section.id === targetId)) {
    return fail('not-found', `There is no section ${targetId}`);
  }
  const lifted = document.content.map((section) => ({
    ...section,
    children: section.children.filter((id) => id !== action.rowId),
  }));
  const content = lifted.map((section) =>
    section.id === targetId
      ? { ...section, children: insertAt(section.children, action.index, action.rowId) }
      : section,
  );
  const row = { ...node.row, parent: targetId };
  return done({ ...document, content, rows: { ...document.rows, [row.id]: row } });
}
