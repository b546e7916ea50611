import { ROW_LABEL_DEFAULTS, row as rowItem } from '../catalogue/row.ts';
import type { NodeId } from '../document/ids.ts';
import { COLUMN_LAYOUTS, type ColumnLayout } from '../document/layouts.ts';
import type { EditorDocument, Row } from '../document/schema.ts';
import { type ActionResult, done, fail, NO_SECTION_MESSAGE } from './result.ts';
import { idAllocator, insertAt } from './tree.ts';

/** A new row in a section (the last one when omitted), at `index` (the end), with a layout (one column). */
export type AddRowAction = { type: 'addRow'; sectionId?: NodeId; index?: number; layout?: ColumnLayout };

export function addRow(
  document: EditorDocument,
  action: AddRowAction,
  random: () => number = Math.random,
): ActionResult {
  if (document.content.length === 0) return fail('no-section', NO_SECTION_MESSAGE);
  const sectionIndex =
    action.sectionId === undefined
      ? document.content.length - 1
      : document.content.findIndex((section) => section.id === action.sectionId);
  const section = document.content[sectionIndex];
  if (!section) return fail('not-found', `There is no section ${action.sectionId}`);

  const layout = action.layout ?? 'one';
  const defaults = rowItem.defaults();
  const id = idAllocator(document, random)();
  const row: Row = {
    id,
    parent: section.id,
    attributes: { ...defaults, basic: { ...defaults.basic, columns: layout } },
    cols: COLUMN_LAYOUTS[layout].map((width) => ({ width, children: [] })),
    ...ROW_LABEL_DEFAULTS,
  };
  const content = document.content.map((candidate, index) =>
    index === sectionIndex
      ? { ...candidate, children: insertAt(candidate.children, action.index, id) }
      : candidate,
  );
  return done({ ...document, content, rows: { ...document.rows, [id]: row } }, id);
}
