import { emptyDocument, HISTORY_LIMIT, NO_SECTION_MESSAGE } from '@funnelwork/blocks';
import { describe, expect, it } from 'vitest';
import { type DocumentCode, editorReducer, initialEditorState, isDirty } from './editor-state.ts';

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
});
