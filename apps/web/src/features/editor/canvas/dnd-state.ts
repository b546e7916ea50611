import { createContext, useContext, useSyncExternalStore } from 'react';
import type { DragItem, Rect } from './drop-target.ts';

const sameRect = (a: Rect | null, b: Rect | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.left === b.left &&
    a.top === b.top &&
    a.width === b.width &&
    a.height === b.height);

/**
 * The drag in progress: what is dragged, and the line where it would land (in px from the canvas frame's
 * corner, as measured, before the view's scale). It lives outside React state so that only what shows it
 * re-renders: the line on a pointer move, the canvas and the drag chip when a drag starts or ends, never the
 * editor around them (bench/editor.ts, 300 blocks).
 */
export class DragStore {
  private item: DragItem | null = null;
  private line: Rect | null = null;
  private readonly listeners = new Set<() => void>();

  readonly getItem = (): DragItem | null => this.item;
  readonly getLine = (): Rect | null => this.line;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** A drag starts (an item) or ends (null); the line goes either way. */
  setItem(item: DragItem | null) {
    if (item === this.item && this.line === null) return;
    this.item = item;
    this.line = null;
    this.notify();
  }

  setLine(line: Rect | null) {
    if (sameRect(line, this.line)) return;
    this.line = line;
    this.notify();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }
}

export const DragStoreContext = createContext<DragStore | null>(null);

const NOTHING = () => null;
const NO_SUBSCRIPTION = () => () => undefined;

function useDragStore<T>(read: (store: DragStore) => () => T | null): T | null {
  const store = useContext(DragStoreContext);
  return useSyncExternalStore(store?.subscribe ?? NO_SUBSCRIPTION, store ? read(store) : NOTHING);
}

/** What is being dragged, or null; changes only when a drag starts or ends. */
export const useDragItem = () => useDragStore((store) => store.getItem);

/** Where the dragged item would land; changes on pointer moves. */
export const useDropLine = () => useDragStore((store) => store.getLine);
