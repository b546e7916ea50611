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
import { paletteInsert, savedInsert } from './palette-insert.ts';

/** The document's code, saved with it (spec §2.10 "custom CSS, custom HTML, head script, body script"). */
export type DocumentCode = { css: string; html: string; head_js: string; body_js: string };

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
};

export type EditorEvent =
  | { type: 'edit'; action: EditorAction; random?: () => number }
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
      return {
        ...state,
        history: pushHistory(state.history, result.document),
        selected: stillThere(result.document, result.id ?? state.selected),
        notice: null,
      };
    }
    case 'undo':
    case 'redo': {
      const history = event.type === 'undo' ? undo(state.history) : redo(state.history);
      return { ...state, history, selected: stillThere(history.present, state.selected) };
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
