import type { Announcements, DragEndEvent, DragMoveEvent, DragStartEvent } from '@dnd-kit/core';
import { type BlockType, type EditorAction, type EditorDocument, isBlockType } from '@funnelwork/blocks';
import { type RefObject, useRef, useState } from 'react';
import type { EditorEvent } from '../state/editor-state.ts';
import { DragStore } from './dnd-state.ts';
import { dropped, itemName, overPlace } from './drag-announcements.ts';
import {
  blockDropTarget,
  type DragItem,
  type DropTarget,
  indicatorRect,
  type MeasuredList,
  type MeasuredSlot,
  type Point,
  type Rect,
  rowDropTarget,
  sectionDropTarget,
} from './drop-target.ts';
import { measureSections, measureSlots } from './measure.ts';

/** A keyboard drag has no pointer: the dragged element's centre (in the viewport) stands in for it. */
function keyboardPoint(event: DragMoveEvent | DragEndEvent): Point | null {
  const rect = event.active.rect.current.translated;
  return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
}

/** What a drop lands in: sections for a section or row, block slots for a block. */
type DropKind = 'section' | 'row' | 'block';

/** The canvas measured once for a drag, from the frame's corner, so pointer moves only compare numbers. */
type Measured = {
  kind: DropKind;
  width: number;
  height: number;
  sections: MeasuredList[];
  slots: MeasuredSlot[];
};

const kindOf = (item: DragItem): DropKind => {
  if (item.source !== 'palette') return item.source;
  return !isBlockType(item.type) && (item.type === 'section' || item.type === 'row') ? item.type : 'block';
};

function measure(frame: Element, kind: DropKind, box: DOMRect): Measured {
  const origin = { x: box.left, y: box.top };
  return {
    kind,
    width: box.width,
    height: box.height,
    sections: kind === 'block' ? [] : measureSections(frame, origin),
    slots: kind === 'block' ? measureSlots(frame, origin) : [],
  };
}

/** Where the item lands for a point (from the frame's corner) and the line that shows it. */
function targetAt(
  measured: Measured,
  item: DragItem,
  point: Point,
): { target: DropTarget | null; line: Rect | null } {
  const pageRect = { left: 0, top: 0, width: measured.width, height: measured.height };
  const { sections, slots } = measured;
  if (measured.kind === 'section') {
    const target = sectionDropTarget(sections, point);
    const dragged = item.source === 'section' ? item.id : undefined;
    return { target, line: indicatorRect(pageRect, sections, target.index, dragged) };
  }
  if (measured.kind === 'row') {
    const dragged = item.source === 'row' ? item.id : undefined;
    const target = rowDropTarget(sections, point, dragged);
    const section =
      target?.kind === 'row' ? sections.find((candidate) => candidate.id === target.sectionId) : undefined;
    return {
      target,
      line:
        section && target?.kind === 'row'
          ? indicatorRect(section.rect, section.children, target.index, dragged)
          : null,
    };
  }
  const dragged = item.source === 'block' ? item.id : undefined;
  const target = blockDropTarget(slots, point, dragged);
  const slot =
    target?.kind === 'block'
      ? slots.find((candidate) => JSON.stringify(candidate.slot) === JSON.stringify(target.slot))
      : undefined;
  return {
    target,
    line:
      slot && target?.kind === 'block'
        ? indicatorRect(slot.rect, slot.children, target.index, dragged)
        : null,
  };
}

/** The structure edit a drop makes. */
export function dropAction(item: DragItem, target: DropTarget): EditorAction | null {
  switch (target.kind) {
    case 'section':
      if (item.source === 'palette' && item.type === 'section')
        return { type: 'addSection', index: target.index };
      if (item.source === 'section') return { type: 'moveSection', sectionId: item.id, index: target.index };
      return null;
    case 'row':
      if (item.source === 'palette' && item.type === 'row')
        return { type: 'addRow', sectionId: target.sectionId, index: target.index };
      if (item.source === 'row')
        return { type: 'moveRow', rowId: item.id, sectionId: target.sectionId, index: target.index };
      return null;
    case 'block':
      if (item.source === 'palette' && isBlockType(item.type)) {
        return {
          type: 'addBlock',
          blockType: item.type as BlockType,
          slot: target.slot,
          index: target.index,
        };
      }
      if (item.source === 'block')
        return { type: 'moveBlock', blockId: item.id, slot: target.slot, index: target.index };
      return null;
  }
}

/**
 * Drag and drop from the palette and between places on the canvas (dnd-kit drives it; we compute where).
 * No React state of the editor changes while dragging: the drag lives in a store that only the canvas, its
 * drop line and the drag chip read. A pointer move measures nothing but the frame's box (the canvas is
 * measured once per drag, again only if the frame's size changes) and moves the line, so 300 blocks cost
 * what 10 do.
 */
export function useCanvasDnd(
  frame: RefObject<HTMLDivElement | null>,
  dispatch: (event: EditorEvent) => void,
  /** The document as it is now, for the live region's names and positions. */
  current: () => EditorDocument,
) {
  const [store] = useState(() => new DragStore());
  // What the live region says next: the handlers below work out the place before dnd-kit asks for the words.
  const speech = useRef<{ item: string; over?: string; said?: string; end?: string }>({ item: '' });
  const active = useRef<{
    item: DragItem;
    measured: Measured | null;
    /** The pointer in viewport coordinates, from the pointer's own events (null for a keyboard drag). */
    pointer: Point | null;
    stopTracking: () => void;
  } | null>(null);

  const stop = () => {
    active.current?.stopTracking();
    active.current = null;
    store.setItem(null);
  };

  /** The dragged point from the frame's corner; the canvas is measured when this drag has not yet. */
  const located = (event: DragMoveEvent | DragEndEvent) => {
    const current = active.current;
    const element = frame.current;
    if (!current || !element) return null;
    const point = current.pointer ?? keyboardPoint(event);
    if (!point) return null;
    const box = element.getBoundingClientRect();
    if (!current.measured || current.measured.width !== box.width || current.measured.height !== box.height) {
      current.measured = measure(element, kindOf(current.item), box);
    }
    return { current, measured: current.measured, point: { x: point.x - box.left, y: point.y - box.top } };
  };

  const onDragStart = (event: DragStartEvent) => {
    stop();
    const item = event.active.data.current as DragItem | undefined;
    if (!item) return;
    const start = event.activatorEvent;
    const pointer =
      start instanceof PointerEvent || start instanceof MouseEvent
        ? { x: start.clientX, y: start.clientY }
        : null;
    // dnd-kit's delta adds the scrolling of the dragged element's scroll containers, which is not where the
    // pointer is on screen once the canvas scrolls under it: the pointer's own events say where it is.
    const track = (move: PointerEvent) => {
      if (active.current?.pointer) active.current.pointer = { x: move.clientX, y: move.clientY };
    };
    if (pointer) window.addEventListener('pointermove', track, { capture: true, passive: true });
    active.current = {
      item,
      measured: null,
      pointer,
      stopTracking: () => window.removeEventListener('pointermove', track, { capture: true }),
    };
    speech.current = { item: itemName(current(), item) };
    store.setItem(item);
  };

  const onDragMove = (event: DragMoveEvent) => {
    const at = located(event);
    if (!at) return;
    const { target, line } = targetAt(at.measured, at.current.item, at.point);
    store.setLine(line);
    speech.current.over =
      event.over?.id === 'canvas' ? overPlace(current(), at.current.item, target) : undefined;
  };

  const onDragEnd = (event: DragEndEvent) => {
    const at = located(event);
    stop();
    if (!at || event.over?.id !== 'canvas') {
      speech.current.end = `${speech.current.item} was not placed: it was dropped outside the page.`;
      return;
    }
    const { target } = targetAt(at.measured, at.current.item, at.point);
    const item = at.current.item;
    speech.current.end = dropped(current(), item, target);
    if (!target) {
      // A block or row dropped on a page without sections: the spec's alert.
      if (item.source === 'palette') dispatch({ type: 'insert', item: item.type as BlockType });
      return;
    }
    const action = dropAction(item, target);
    if (action) dispatch({ type: 'edit', action });
  };

  const onDragCancel = () => stop();

  // dnd-kit calls the handlers above first, then asks these for the words; a move says only what changed.
  const announcements: Announcements = {
    onDragStart: () => `Picked up ${speech.current.item}.`,
    onDragMove: () => {
      const { over, said } = speech.current;
      if (over === said) return undefined;
      speech.current.said = over;
      return over;
    },
    onDragOver: ({ over }) => (over ? undefined : `${speech.current.item} is not over the page.`),
    onDragEnd: () => speech.current.end,
    onDragCancel: () => `Moving ${speech.current.item} was cancelled; it stays where it was.`,
  };

  return { store, handlers: { onDragStart, onDragMove, onDragEnd, onDragCancel }, announcements };
}
