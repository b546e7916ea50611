import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, HISTORY_LIMIT, pushHistory, redo, undo } from './history.ts';

const pushAll = (count: number) => {
  let history = createHistory(0);
  for (let state = 1; state <= count; state += 1) history = pushHistory(history, state);
  return history;
};

describe('editor history (spec §4, §9)', () => {
  it('"Editor history limit 50 states": 50 pushes keep every earlier state', () => {
    expect(HISTORY_LIMIT).toBe(50);
    const history = pushAll(50);
    expect(history.past).toHaveLength(50);
    expect(history.past[0]).toBe(0);
    expect(history.present).toBe(50);
  });

  it('the 51st push drops the oldest state', () => {
    const history = pushAll(51);
    expect(history.past).toHaveLength(50);
    expect(history.past[0]).toBe(1);
    expect(history.past.at(-1)).toBe(50);
    expect(history.present).toBe(51);
  });

  it('undo walks back at most 50 states, then stops', () => {
    let history = pushAll(60);
    for (let step = 0; step < 55; step += 1) history = undo(history);
    expect(history.present).toBe(10);
    expect(canUndo(history)).toBe(false);
    expect(history.future).toHaveLength(50);
  });

  it('"undo and redo history of the document": undo then redo returns to the same state', () => {
    const history = pushAll(3);
    const undone = undo(undo(history));
    expect(undone.present).toBe(1);
    expect(undone.future).toEqual([2, 3]);
    expect(canRedo(undone)).toBe(true);
    const redone = redo(undone);
    expect(redone.present).toBe(2);
    expect(redone.past).toEqual([0, 1]);
    expect(redone.future).toEqual([3]);
  });

  it('a new state after an undo drops the redo states', () => {
    const history = pushHistory(undo(pushAll(3)), 99);
    expect(history).toEqual({ past: [0, 1, 2], present: 99, future: [] });
    expect(canRedo(history)).toBe(false);
  });

  it('pushing the present state again records nothing; undo and redo at the ends change nothing', () => {
    const history = pushAll(2);
    expect(pushHistory(history, 2)).toBe(history);
    const start = createHistory('a');
    expect(undo(start)).toBe(start);
    expect(redo(start)).toBe(start);
  });
});
