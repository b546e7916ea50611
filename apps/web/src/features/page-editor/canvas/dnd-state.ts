import { createContext, useContext } from 'react';
import type { DragItem, DropTarget, Rect } from './drop-target.ts';

/** What the canvas draws while something is dragged: the item and the line where it would land. */
export type DragState = { item: DragItem; target: DropTarget | null; line: Rect | null } | null;

export const DragStateContext = createContext<DragState>(null);

export const useDragState = () => useContext(DragStateContext);
