import { emptyDocument, HISTORY_LIMIT, NO_SECTION_MESSAGE } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import {
  type DocumentCode,
  type EditorState,
  editorReducer,
  initialEditorState,
  isDirty,
  TYPING_BURST_MS,
} from './editor-state.ts';

const code: DocumentCode = { css: '', html: '', head_js: '', body_js: '' };
const start = () => initialEditorState(emptyDocument('page'), code, 1);

describe('page editor state', () => {
  it('"adding a row with no section shows an alert \'Place at least one section please\'"', () => {
    const state = editorReducer(start(), { type: 'edit', action: { type: 'addRow' } });
    expect(state.notice).toBe('Place at least one section please');
    expect(NO_SECTION_MESSAGE).toBe(state.notice);
    expect(isDirty(state)).toBe(false);
  });

  it('selects what a structure edit made, and is dirty until saved', () => {
    const state = editorReducer(start(), { type: 'edit', action: { type: 'addSection' } });
    const section = state.history.present.content[0];
    expect(state.selected).toBe(section?.id);
    expect(isDirty(state)).toBe(true);
    const saved = editorReducer(state, { type: 'saved', document: state.history.present, code, version: 2 });
    expect(isDirty(saved)).toBe(false);
    expect(saved.saved.version).toBe(2);
  });

  it('undo back to the saved document is not a change; redo is; the selection follows', () => {
    const added = editorReducer(start(), { type: 'edit', action: { type: 'addSection' } });
    const undone = editorReducer(added, { type: 'undo' });
    expect(isDirty(undone)).toBe(false);
    expect(undone.selected).toBeNull();
    const redone = editorReducer(undone, { type: 'redo' });
    expect(redone.history.present).toBe(added.history.present);
    expect(isDirty(redone)).toBe(true);
  });

  it('code changes count as unsaved changes', () => {
    const state = editorReducer(start(), { type: 'code', code: { ...code, css: 'body{color:red}' } });
    expect(isDirty(state)).toBe(true);
  });

  it('keeps at most the history limit of 50 undo states', () => {
    let state = start();
    for (let index = 0; index < HISTORY_LIMIT + 5; index += 1) {
      state = editorReducer(state, { type: 'edit', action: { type: 'addSection' } });
    }
    expect(HISTORY_LIMIT).toBe(50);
    expect(state.history.past).toHaveLength(50);
  });

  it('a reload starts again from the server copy and keeps the view', () => {
    const mobile = editorReducer(editorReducer(start(), { type: 'edit', action: { type: 'addSection' } }), {
      type: 'view',
      view: 'mobile',
    });
    const reloaded = editorReducer(mobile, {
      type: 'load',
      document: emptyDocument('page'),
      code,
      version: 7,
    });
    expect(isDirty(reloaded)).toBe(false);
    expect(reloaded.view).toBe('mobile');
    expect(reloaded.history.past).toEqual([]);
  });

  describe('typing is grouped into undo steps', () => {
    const withHeadline = () => {
      let state = editorReducer(start(), { type: 'edit', action: { type: 'addSection' } });
      state = editorReducer(state, { type: 'insert', item: 'headline' });
      return { state, id: state.selected as number };
    };
    const type = (state: EditorState, id: number, text: string, at: number, path = ['content']) =>
      editorReducer(state, {
        type: 'edit',
        action: { type: 'setNodeValue', id, path, value: text },
        typing: true,
        at,
      });
    const content = (state: EditorState, id: number) => state.history.present.children[id]?.content;

    it('a burst of keystrokes in one text is one undo step, and each keystroke is in the document', () => {
      const { state: start, id } = withHeadline();
      let state = start;
      const steps = start.history.past.length;
      for (const [index, text] of ['H', 'He', 'Hel', 'Hell', 'Hello'].entries()) {
        state = type(state, id, text, 1000 + index * 120);
        expect(content(state, id)).toBe(text);
      }
      expect(state.history.past).toHaveLength(steps + 1);
      const undone = editorReducer(state, { type: 'undo' });
      expect(content(undone, id)).toBe(content(start, id));
      expect(content(editorReducer(undone, { type: 'redo' }), id)).toBe('Hello');
    });

    it('a pause longer than the burst, another field or another edit starts a new step', () => {
      const { state: start, id } = withHeadline();
      const steps = start.history.past.length;
      const first = type(start, id, 'Hi', 0);
      const paused = type(first, id, 'Hi there', TYPING_BURST_MS + 1);
      expect(paused.history.past).toHaveLength(steps + 2);
      const otherField = type(first, id, 'x', 10, ['attributes', 'advanced', 'cssId']);
      expect(otherField.history.past).toHaveLength(steps + 2);
      const structure = editorReducer(first, { type: 'edit', action: { type: 'addSection' } });
      const afterStructure = type(structure, id, 'Him', 20);
      expect(afterStructure.history.past).toHaveLength(steps + 3);
      const afterUndo = type(editorReducer(first, { type: 'undo' }), id, 'Ho', 30);
      expect(afterUndo.history.past).toHaveLength(steps + 1);
      expect(afterUndo.history.future).toEqual([]);
    });

    it('edits without the typing mark stay one step each', () => {
      const { state: start, id } = withHeadline();
      const steps = start.history.past.length;
      const once = (state: EditorState, text: string) =>
        editorReducer(state, {
          type: 'edit',
          action: { type: 'setNodeValue', id, path: ['content'], value: text },
          at: 0,
        });
      expect(once(once(start, 'a'), 'ab').history.past).toHaveLength(steps + 2);
    });
  });

  it('reveals a block added from the palette, not one changed by a settings edit', () => {
    let state = editorReducer(start(), { type: 'edit', action: { type: 'addSection' } });
    state = editorReducer(state, { type: 'insert', item: 'paragraph' });
    expect(state.reveal).toBe(state.selected);
  });
});
