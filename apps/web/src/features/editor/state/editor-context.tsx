import type { EditorAction, NodeId } from '@funnelwork/blocks';
import { createContext, type Dispatch, useContext } from 'react';
import type { EditorEvent, EditorState } from './editor-state.ts';

export type EditorContextValue = {
  state: EditorState;
  dispatch: Dispatch<EditorEvent>;
  /** A document edit: one undo step, or with `typing` part of the current burst of typing in that text. */
  edit: (action: EditorAction, options?: { typing?: boolean }) => void;
  /** Unsaved changes: the document's, its code's, or the shell's own. */
  dirty: boolean;
  /** Saves now; false when the save failed. */
  saveNow: () => Promise<boolean>;
  /** Selects a node and opens it in Properties (a 'Needs attention' entry leads to its block). */
  showNode: (id: NodeId) => void;
};

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the editor');
  return value;
}
