import type { NodeId } from '../document/ids.ts';
import type { EditorDocument } from '../document/schema.ts';
import { type ActionResult, done, fail } from './result.ts';
import { descendantIds, findNode, rowBlockIds, slotChildren, withoutKeys, withSlotChildren } from './tree.ts';

export type DeleteNodeAction = { type: 'deleteNode'; id: NodeId };

/** "Deleting a section removes its rows and blocks; deleting a row or block removes its children." */
export function deleteNode(document: EditorDocument, action: DeleteNodeAction): ActionResult {
  const node = findNode(document, action.id);
  if (!node) return fail('not-found', `There is no section, row or block ${action.id}`);

  switch (node.kind) {
    case 'section': {
      const rows = node.section.children.flatMap((id) => document.rows[id] ?? []);
      return done({
        ...document,
        content: document.content.filter((section) => section.id !== action.id),
        rows: withoutKeys(document.rows, node.section.children),
        children: withoutKeys(
          document.children,
          rows.flatMap((row) => rowBlockIds(document, row)),
        ),
      });
    }
    case 'row': {
      const content = document.content.map((section, index) =>
        index === node.sectionIndex
          ? { ...section, children: section.children.filter((id) => id !== action.id) }
          : section,
      );
      return done({
        ...document,
        content,
        rows: withoutKeys(document.rows, [action.id]),
        children: withoutKeys(document.children, rowBlockIds(document, node.row)),
      });
    }
    case 'block': {
      const siblings = slotChildren(document, node.slot) ?? [];
      const lifted = withSlotChildren(
        document,
        node.slot,
        siblings.filter((id) => id !== action.id),
      );
      const removed = [action.id, ...descendantIds(document, node.block)];
      return done({ ...lifted, children: withoutKeys(lifted.children, removed) });
    }
  }
}
