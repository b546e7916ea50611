import type { NodeId, Slot } from '@funnelwork/blocks';

export type Point = { x: number; y: number };
export type Rect = { left: number; top: number; width: number; height: number };

/** A place blocks can go, as measured on the canvas. */
export type MeasuredSlot = {
  slot: Slot;
  rect: Rect;
  /** How deep it sits (a container's box inside a column is deeper than the column). */
  depth: number;
  /** The blocks in it, in order. */
  children: readonly { id: NodeId; rect: Rect }[];
  /** The blocks it lies inside, so a block is never dropped into itself. */
  ancestors: readonly NodeId[];
};

export type MeasuredList = { id: NodeId; rect: Rect; children: readonly { id: NodeId; rect: Rect }[] };

/** Where a dragged item lands. */
export type DropTarget =
  | { kind: 'section'; index: number }
  | { kind: 'row'; sectionId: NodeId; index: number }
  | { kind: 'block'; slot: Slot; index: number };

/** What is being dragged: a palette item (new) or a block already on the page. */
export type DragItem =
  | { source: 'palette'; type: string }
  | { source: 'block'; id: NodeId }
  | { source: 'section'; id: NodeId }
  | { source: 'row'; id: NodeId };

const contains = (rect: Rect, point: Point, margin = 0) =>
  point.x >= rect.left - margin &&
  point.x <= rect.left + rect.width + margin &&
  point.y >= rect.top - margin &&
  point.y <= rect.top + rect.height + margin;

const distance = (rect: Rect, point: Point) => {
  const dx = Math.max(rect.left - point.x, 0, point.x - (rect.left + rect.width));
  const dy = Math.max(rect.top - point.y, 0, point.y - (rect.top + rect.height));
  return Math.hypot(dx, dy);
};

/** The position in a vertical list before the first item whose middle is below the point. */
export function indexAt(children: readonly { rect: Rect }[], point: Point): number {
  const index = children.findIndex((child) => point.y < child.rect.top + child.rect.height / 2);
  return index === -1 ? children.length : index;
}

/**
 * The slot under the point (the deepest one; the nearest when the point is in none) and the index there.
 * Slots inside the dragged block are left out.
 */
export function blockDropTarget(
  slots: readonly MeasuredSlot[],
  point: Point,
  dragged?: NodeId,
): DropTarget | null {
  const allowed = slots.filter((slot) => dragged === undefined || !slot.ancestors.includes(dragged));
  const under = allowed.filter((slot) => contains(slot.rect, point)).sort((a, b) => b.depth - a.depth);
  const chosen =
    under[0] ??
    [...allowed].sort((a, b) => distance(a.rect, point) - distance(b.rect, point) || b.depth - a.depth)[0];
  if (!chosen) return null;
  const children = chosen.children.filter((child) => child.id !== dragged);
  const index = indexAt(children, point);
  return { kind: 'block', slot: chosen.slot, index };
}

/** A new or moved section goes between the sections around the point. */
export function sectionDropTarget(sections: readonly { rect: Rect }[], point: Point): DropTarget {
  return { kind: 'section', index: indexAt(sections, point) };
}

/** A row goes into the section nearest the point, between the rows around it; none without a section. */
export function rowDropTarget(
  sections: readonly MeasuredList[],
  point: Point,
  dragged?: NodeId,
): DropTarget | null {
  const nearest = [...sections].sort((a, b) => distance(a.rect, point) - distance(b.rect, point))[0];
  if (!nearest) return null;
  const children = nearest.children.filter((child) => child.id !== dragged);
  return { kind: 'row', sectionId: nearest.id, index: indexAt(children, point) };
}

/**
 * The line the canvas draws where an item will land: across the slot, above the block it goes before or
 * below the last one.
 */
export function indicatorRect(
  container: Rect,
  children: readonly { id: NodeId; rect: Rect }[],
  index: number,
  dragged?: NodeId,
): Rect {
  const list = children.filter((child) => child.id !== dragged);
  const before = list[index];
  const after = list[index - 1];
  const y = before
    ? before.rect.top
    : after
      ? after.rect.top + after.rect.height
      : container.top + container.height / 2;
  return { left: container.left, top: y - 2, width: container.width, height: 4 };
}
