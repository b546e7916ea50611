import type { NodeId } from '../document/ids.ts';
import type { EditorDocument } from '../document/schema.ts';
import { type ActionResult, done, fail } from './result.ts';

/** No column is dragged narrower than this, in percent of the row. */
export const MIN_COLUMN_WIDTH = 5;

export type ResizeColumnAction = { type: 'resizeColumn'; rowId: NodeId; column: number; width: number };

const round = (width: number) => Math.round(width * 10_000) / 10_000;

/**
 * "Resizing a column shifts the difference to the next column." The last column shifts it to the one
 * before; a lone column stays at 100.
 */
export function resizeColumn(document: EditorDocument, action: ResizeColumnAction): ActionResult {
  const row = document.rows[action.rowId];
  const column = row?.cols[action.column];
  if (!row || !column) return fail('not-found', `There is no column ${action.column} in row ${action.rowId}`);
  if (!Number.isFinite(action.width)) return fail('invalid-target', `Width ${action.width} is not a number`);

  const neighbourIndex = action.column + 1 < row.cols.length ? action.column + 1 : action.column - 1;
  const neighbour = row.cols[neighbourIndex];
  if (!neighbour) return done(document);

  const pair = column.width + neighbour.width;
  const width = round(Math.min(Math.max(action.width, MIN_COLUMN_WIDTH), pair - MIN_COLUMN_WIDTH));
  const widths = new Map([
    [action.column, width],
    [neighbourIndex, round(pair - width)],
  ]);
  const cols = row.cols.map((col, index) => ({ ...col, width: widths.get(index) ?? col.width }));
  return done({ ...document, rows: { ...document.rows, [row.id]: { ...row, cols } } });
}
