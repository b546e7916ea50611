import type { NodeId } from '../document/ids.ts';
import { COLUMN_LAYOUTS, type ColumnLayout } from '../document/layouts.ts';
import type { Column, EditorDocument } from '../document/schema.ts';
import { type ActionResult, done, fail } from './result.ts';

export type SetColumnLayoutAction = { type: 'setColumnLayout'; rowId: NodeId; layout: ColumnLayout };

/**
 * "Column layouts one to six: one = 100; two = 50/50; three = 3 x 33.3333; four = 4 x 25; five = 75/25;
 * six = 25/75. Changing layout keeps children by moving surplus children into the last column."
 */
export function setColumnLayout(document: EditorDocument, action: SetColumnLayoutAction): ActionResult {
  const row = document.rows[action.rowId];
  if (!row) return fail('not-found', `There is no row ${action.rowId}`);

  const widths = COLUMN_LAYOUTS[action.layout];
  const surplus = row.cols.slice(widths.length).flatMap((column) => column.children);
  const cols: Column[] = widths.map((width, index) => {
    const children = row.cols[index]?.children ?? [];
    return { width, children: index === widths.length - 1 ? [...children, ...surplus] : [...children] };
  });
  const attributes = { ...row.attributes, basic: { ...row.attributes.basic, columns: action.layout } };
  return done({ ...document, rows: { ...document.rows, [row.id]: { ...row, attributes, cols } } });
}
