import type { DragEndEvent, DragMoveEvent, DragStartEvent } from '@dnd-kit/core';
import { type BlockType, type EditorAction, isBlockType } from '@funnelwork/blocks';
import { type RefObject, useState } from 'react';
import type { DragState } from '../../canvas/dnd-state.ts';
import {
  blockDropTarget,
  type DragItem,
  type DropTarget,
  indicatorRect,
  type Point,
  type Rect,
  rowDropTarget,
  sectionDropTarget,
} from '../../canvas/drop-target.ts';
import { measureSections, measureSlots } from '../../canvas/measure.ts';
import type { EditorEvent } from '../../state/editor-state.ts';

function pointerOf(event: DragMoveEvent | DragEndEvent): Point | null {
  const start = event.activatorEvent;
  if (start instanceof PointerEvent || start instanceof MouseEvent) {
    return { x: start.clientX + event.delta.x, y: start.clientY + event.delta.y };
  }
  // A keyboard drag has no pointer: the dragged element's centre stands in for it.
  const rect = event.active.rect.current.translated;
  return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
}

function targetAt(
  frame: Element,
  item: DragItem,
  point: Point,
): { target: DropTarget | null; line: Rect | null } {
  const frameBox = frame.getBoundingClientRect();
  const pageRect = { left: frameBox.left, top: frameBox.top, width: frameBox.width, height: frameBox.height };
  const kind = item.source === 'palette' ? (isBlockType(item.type) ? 'block' : item.type) : item.source;
  if (kind === 'section') {
    const sections = measureSections(frame);
    const target = sectionDropTarget(sections, point);
    const dragged = item.source === 'section' ? item.id : undefined;
    return { target, line: indicatorRect(pageRect, sections, target.index, dragged) };
  }
  if (kind === 'row') {
    const sections = measureSections(frame);
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
  const slots = measureSlots(frame);
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

/** Drag and drop from the palette and between places on the canvas (dnd-kit drives it; we compute where). */
export function useCanvasDnd(
  frame: RefObject<HTMLDivElement | null>,
  dispatch: (event: EditorEvent) => void,
) {
  const [drag, setDrag] = useState<DragState>(null);

  const onDragStart = (event: DragStartEvent) => {
    const item = event.active.data.current as DragItem | undefined;
    if (item) setDrag({ item, target: null, line: null });
  };
  const onDragMove = (event: DragMoveEvent) => {
    const point = pointerOf(event);
    if (!drag || !point || !frame.current) return;
    const next = targetAt(frame.current, drag.item, point);
    // Pointer moves that keep the same drop place change nothing: no re-render of the editor.
    if (JSON.stringify(next) === JSON.stringify({ target: drag.target, line: drag.line })) return;
    setDrag({ item: drag.item, ...next });
  };
  const onDragEnd = (event: DragEndEvent) => {
    const current = drag;
    setDrag(null);
    if (!current) return;
    const point = pointerOf(event);
    const overCanvas = event.over?.id === 'canvas';
    if (!point || !frame.current || !overCanvas) return;
    const { target } = targetAt(frame.current, current.item, point);
    if (!target) {
      // A block or row dropped on a page without sections: the spec's alert.
      if (current.item.source === 'palette')
        dispatch({ type: 'insert', item: current.item.type as BlockType });
      return;
    }
    const action = dropAction(current.item, target);
    if (action) dispatch({ type: 'edit', action });
  };
  const onDragCancel = () => setDrag(null);
  return { drag, handlers: { onDragStart, onDragMove, onDragEnd, onDragCancel } };
}
