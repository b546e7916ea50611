import { BLOCKS, type Block, blockChildLists, type EditorDocument, type NodeId } from '@funnelwork/blocks';

/** One node of the Layout panel's tree as it shows: a section, a row or a block. */
export type TreeItem = {
  kind: 'item';
  id: NodeId;
  label: string;
  /** What the line draws before its label: a section's or row's colour, or a block's palette icon. */
  marker: { colour: string } | { block: Block['type'] };
  /** aria-level: sections 1, rows 2, a column's blocks 3, a block's own children one deeper. */
  level: number;
  /** Steps of indentation, counting the column captions between a row and its blocks. */
  indent: number;
  parent: NodeId | null;
  /** Its place among the nodes of its list (the page's sections, a section's rows, one column's blocks). */
  posinset: number;
  setsize: number;
  /** Whether it has children to show or hide (aria-expanded is left off otherwise). */
  expandable: boolean;
  expanded: boolean;
};

/** A column's caption between a row and its blocks: not a node, so not an item of the tree. */
export type TreeCaption = { kind: 'caption'; key: string; text: string; indent: number };

export type TreeLine = TreeItem | TreeCaption;

const SECTION_COLOUR = '#2f9e44';

/** The tree's lines top to bottom, without the children of the nodes in `collapsed`. */
export function layoutTreeLines(document: EditorDocument, collapsed: ReadonlySet<NodeId>): TreeLine[] {
  const lines: TreeLine[] = [];
  const blockLines = (ids: readonly NodeId[], parent: NodeId, level: number, indent: number) => {
    const present = ids.flatMap((id) => document.children[id] ?? []);
    present.forEach((block, index) => {
      const lists = blockChildLists(block).filter((list) => list.children.length > 0);
      const expandable = lists.length > 0;
      const expanded = expandable && !collapsed.has(block.id);
      lines.push({
        kind: 'item',
        id: block.id,
        label: BLOCKS[block.type].title,
        marker: { block: block.type },
        level,
        indent,
        parent,
        posinset: index + 1,
        setsize: present.length,
        expandable,
        expanded,
      });
      if (expanded) for (const list of lists) blockLines(list.children, block.id, level + 1, indent + 1);
    });
  };
  document.content.forEach((section, sectionIndex) => {
    const rows = section.children.flatMap((rowId) => {
      const row = document.rows[rowId];
      return row ? [{ id: rowId, row }] : [];
    });
    const expanded = rows.length > 0 && !collapsed.has(section.id);
    lines.push({
      kind: 'item',
      id: section.id,
      label: `Section ${sectionIndex + 1}`,
      marker: { colour: SECTION_COLOUR },
      level: 1,
      indent: 0,
      parent: null,
      posinset: sectionIndex + 1,
      setsize: document.content.length,
      expandable: rows.length > 0,
      expanded,
    });
    if (!expanded) return;
    rows.forEach(({ id, row }, rowIndex) => {
      const hasBlocks = row.cols.some((column) => column.children.length > 0);
      const rowExpanded = hasBlocks && !collapsed.has(id);
      lines.push({
        kind: 'item',
        id,
        label: row.labelTitle || `Row ${rowIndex + 1}`,
        marker: { colour: row.labelColor },
        level: 2,
        indent: 1,
        parent: section.id,
        posinset: rowIndex + 1,
        setsize: rows.length,
        expandable: hasBlocks,
        expanded: rowExpanded,
      });
      if (!rowExpanded) return;
      row.cols.forEach((column, columnIndex) => {
        lines.push({
          kind: 'caption',
          key: `${id}-${columnIndex}`,
          text: `Column ${columnIndex + 1} · ${Math.round(column.width)}%`,
          indent: 2,
        });
        blockLines(column.children, id, 3, 3);
      });
    });
  });
  return lines;
}

/** What a key does on the tree's focused item (the WAI-ARIA tree pattern). */
export type TreeKeyAction = { focus: NodeId } | { expand: NodeId } | { collapse: NodeId } | null;

/**
 * Up and Down go to the item above or below, Home and End to the first and last; Right opens a closed
 * item or goes to its first child; Left closes an open item or goes to its parent.
 */
export function treeKeyAction(lines: TreeLine[], active: NodeId, key: string): TreeKeyAction {
  const items = lines.filter((line): line is TreeItem => line.kind === 'item');
  const at = items.findIndex((item) => item.id === active);
  const item = items[at];
  if (!item) return null;
  const focus = (target: TreeItem | undefined) => (target ? { focus: target.id } : null);
  switch (key) {
    case 'ArrowDown':
      return focus(items[at + 1]);
    case 'ArrowUp':
      return focus(items[at - 1]);
    case 'Home':
      return focus(items[0]);
    case 'End':
      return focus(items.at(-1));
    case 'ArrowRight':
      if (!item.expandable) return null;
      return item.expanded ? focus(items[at + 1]) : { expand: item.id };
    case 'ArrowLeft':
      if (item.expanded) return { collapse: item.id };
      return item.parent === null ? null : { focus: item.parent };
    default:
      return null;
  }
}
