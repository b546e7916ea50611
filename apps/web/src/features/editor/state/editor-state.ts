import {
  createHistory,
  type EditorAction,
  type EditorDocument,
  type History,
  type NodeId,
  type PaletteType,
  pushHistory,
  redo,
  reduce,
  undo,
  type ViewMode,
} from '@funnelwork/blocks';
import type { Page } from '@funnelwork/domain';
import { paletteInsert, savedInsert } from './palette-insert.ts';

/** The document's code, saved with it (spec §2.10 "custom CSS, custom HTML, head script, body script"). */
export type DocumentCode = Pick<Page, 'css' | 'html' | 'head_js' | 'body_js'>;

export type Selection = NodeId | 'page' | null;

export type EditorState = {
  history: History<EditorDocument>;
  code: DocumentCode;
  /** What the server holds, as last loaded or saved; unsaved changes are differences from it. */
  saved: { document: EditorDocument; code: DocumentCode; version: number };
  selected: Selection;
  view: ViewMode;
  /** A structure edit that was refused, shown to the person ('Place at least one section please'). */
  notice: string | null;
  /** The text field being typed in and when it last changed: a burst of typing is one undo step. */
  typing: { key: string; at: number } | null;
  /** A node just added from the palette or saved assets: the canvas scrolls to it once. */
  reveal: NodeId | null;
};

/** Typing pauses longer than this end a burst: the next keystroke starts a new undo step. */
export const TYPING_BURST_MS = 1000;

/** Which text a typing edit changes (node and path), or null when the edit is no text change. */
function typingKey(action: EditorAction): string | null {
  return action.type === 'setNodeValue' ? `${action.id}:${action.path.join('.')}` : null;
}

export type EditorEvent =
  /**
   * `typing` marks a keystroke in a text (side panel or canvas) at time `at` (ms): keystrokes in one field
   * with pauses under TYPING_BURST_MS are one undo step.
   */
  | { type: 'edit'; action: EditorAction; random?: () => number; typing?: boolean; at?: number }
  | { type: 'insert'; item: PaletteType; random?: () => number }
  /** A saved asset (its `node_type` and the document holding just that part) placed near the selection. */
  | { type: 'insertSaved'; nodeType: string; fragment: EditorDocument; random?: () => number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; id: Selection }
  | { type: 'view'; view: ViewMode }
  | { type: 'code'; code: DocumentCode }
  | { type: 'saved'; document: EditorDocument; code: DocumentCode; version: number }
  | { type: 'load'; document: EditorDocument; code: DocumentCode; version: number }
  | { type: 'dismissNotice' };

export function initialEditorState(
  document: EditorDocument,
  code: DocumentCode,
  version: number,
): EditorState {
  return {
    history: createHistory(document),
    code,
    saved: { document, code, version },
    selected: null,
    view: 'desktop',
    notice: null,
    typing: null,
    reveal: null,
  };
}

const sameCode = (a: DocumentCode, b: DocumentCode) =>
  a.css === b.css && a.html === b.html && a.head_js === b.head_js && a.body_js === b.body_js;

/** Unsaved changes: the document or the code differs from what the server holds. */
export function isDirty(state: EditorState): boolean {
  return state.history.present !== state.saved.document || !sameCode(state.code, state.saved.code);
}

/** Whether a selected node still exists (undo can take it away). */
function stillThere(document: EditorDocument, selected: Selection): Selection {
  if (selected === null || selected === 'page') return selected;
  const exists =
    document.children[selected] !== undefined ||
    document.rows[selected] !== undefined ||
    document.content.some((section) => section.id === selected);
  return exists ? selected : null;
}

/** Settings edits select nothing new; structure edits select the node they made. */
export function editorReducer(state: EditorState, event: EditorEvent): EditorState {
  switch (event.type) {
    case 'edit':
    case 'insert':
    case 'insertSaved': {
      const present = state.history.present;
      const selected = typeof state.selected === 'number' ? state.selected : null;
      const result =
        event.type === 'edit'
          ? reduce(present, event.action, event.random)
          : event.type === 'insert'
            ? paletteInsert(present, selected, event.item, event.random)
            : savedInsert(present, selected, event.nodeType, event.fragment, event.random);
      if (!result.ok) return { ...state, notice: result.error.message };
      const key = event.type === 'edit' && event.typing ? typingKey(event.action) : null;
      const at = event.type === 'edit' ? (event.at ?? 0) : 0;
      const sameBurst =
        key !== null &&
        state.typing?.key === key &&
        at - state.typing.at <= TYPING_BURST_MS &&
        state.history.past.length > 0;
      return {
        ...state,
        history: sameBurst
          ? { ...state.history, present: result.document, future: [] }
          : pushHistory(state.history, result.document),
        selected: stillThere(result.document, result.id ?? state.selected),
        notice: null,
        typing: key === null ? null : { key, at },
        reveal: event.type === 'edit' ? state.reveal : (result.id ?? null),
      };
    }
    case 'undo':
    case 'redo': {
      const history = event.type === 'undo' ? undo(state.history) : redo(state.history);
      return { ...state, history, selected: stillThere(history.present, state.selected), typing: null };
    }
    case 'select':
      return { ...state, selected: event.id };
    case 'view':
      return { ...state, view: event.view };
    case 'code':
      return { ...state, code: event.code };
    case 'saved':
      return { ...state, saved: { document: event.document, code: event.code, version: event.version } };
    case 'load':
      return { ...initialEditorState(event.document, event.code, event.version), view: state.view };
    case 'dismissNotice':
      return { ...state, notice: null };
  }
}
