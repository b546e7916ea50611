import type { EditorDocument } from '../document/schema.ts';
import { type AddBlockAction, addBlock } from './add-block.ts';
import { type AddRowAction, addRow } from './add-row.ts';
import { type AddSectionAction, addSection } from './add-section.ts';
import { type ApplyTemplateAction, applyTemplate } from './apply-template.ts';
import { type CloneNodeAction, cloneNode } from './clone-node.ts';
import { type DeleteNodeAction, deleteNode } from './delete-node.ts';
import { type InsertFragmentAction, insertFragment } from './fragment.ts';
import { type MoveBlockAction, moveBlock } from './move-block.ts';
import { type MoveRowAction, type MoveSectionAction, moveRow, moveSection } from './move-structure.ts';
import { type ResizeColumnAction, resizeColumn } from './resize-column.ts';
import type { ActionResult } from './result.ts';
import { type SetColumnLayoutAction, setColumnLayout } from './set-column-layout.ts';
import { type SetNodeValueAction, setNodeValue } from './set-node-value.ts';

/** Every change to an editor document, as serialisable data. */
export type EditorAction =
  | AddSectionAction
  | AddRowAction
  | AddBlockAction
  | SetColumnLayoutAction
  | ResizeColumnAction
  | MoveBlockAction
  | MoveSectionAction
  | MoveRowAction
  | SetNodeValueAction
  | DeleteNodeAction
  | CloneNodeAction
  | ApplyTemplateAction
  | InsertFragmentAction;

/**
 * The next document after an action, never changing the one given. `random` (like Math.random) draws the
 * ids of new nodes, so a replay with the same sequence gives the same document.
 */
export function reduce(
  document: EditorDocument,
  action: EditorAction,
  random: () => number = Math.random,
): ActionResult {
  switch (action.type) {
    case 'addSection':
      return addSection(document, action, random);
    case 'addRow':
      return addRow(document, action, random);
    case 'addBlock':
      return addBlock(document, action, random);
    case 'setColumnLayout':
      return setColumnLayout(document, action);
    case 'resizeColumn':
      return resizeColumn(document, action);
    case 'moveBlock':
      return moveBlock(document, action);
    case 'moveSection':
      return moveSection(document, action);
    case 'moveRow':
      return moveRow(document, action);
    case 'setNodeValue':
      return setNodeValue(document, action);
    case 'deleteNode':
      return deleteNode(document, action);
    case 'cloneNode':
      return cloneNode(document, action, random);
    case 'applyTemplate':
      return applyTemplate(document, action);
    case 'insertFragment':
      return insertFragment(document, action, random);
  }
}
