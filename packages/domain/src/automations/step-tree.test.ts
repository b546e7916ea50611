import { describe, expect, it } from 'vitest';
import type { AutomationStep } from './rules.ts';
import {
  countSteps,
  endsList,
  insertStep,
  moveStep,
  removeStep,
  replaceStep,
  sameSteps,
  stepListAt,
} from './step-tree.ts';

const mail: AutomationStep = { type: 'send_email', email_template_id: 1, to: 'customer', subject: 'Hi' };
const wait: AutomationStep = { type: 'wait', mode: 'delay', amount: 0, unit: 'minutes' };
const end: AutomationStep = { type: 'end' };
const condition = (yes: AutomationStep[] = [], no: AutomationStep[] = []): AutomationStep => ({
  type: 'condition',
  match: 'all',
  conditions: [{ key: 'order_currency', operand: '=', value: 'USD' }],
  yes,
  no,
});

describe('insertStep', () => {
  it('places a step at the top level, before, between and after', () => {
    expect(insertStep([], [0], mail)).toEqual([mail]);
    expect(insertStep([mail], [0], wait)).toEqual([wait, mail]);
    expect(insertStep([mail, end], [1], wait)).toEqual([mail, wait, end]);
    expect(insertStep([mail], [1], end)).toEqual([mail, end]);
  });

  it("places a step in a condition's Yes or No branch without touching the other", () => {
    const tree = [wait, condition([mail])];
    expect(insertStep(tree, [1, 'no', 0], end)).toEqual([wait, condition([mail], [end])]);
    expect(insertStep(tree, [1, 'yes', 0], wait)).toEqual([wait, condition([wait, mail])]);
    expect(insertStep([condition([condition()])], [0, 'yes', 0, 'no', 0], mail)).toEqual([
      condition([condition([], [mail])]),
    ]);
  });

  it('leaves the given tree unchanged', () => {
    const tree = [wait, condition([mail])];
    const before = structuredClone(tree);
    insertStep(tree, [1, 'yes', 1], end);
    expect(tree).toEqual(before);
  });

  it('refuses a place past the end or a branch of a step that is no condition', () => {
    expect(() => insertStep([mail], [2], end)).toThrow();
    expect(() => insertStep([mail], [0, 'yes', 0], end)).toThrow();
  });
});

describe('removeStep', () => {
  it('removes a top-level step and a step in a branch', () => {
    expect(removeStep([mail, wait, end], [1])).toEqual([mail, end]);
    expect(removeStep([condition([mail, wait], [end])], [0, 'yes', 0])).toEqual([condition([wait], [end])]);
  });

  it('removes a condition with both its branches', () => {
    expect(removeStep([wait, condition([mail], [end])], [1])).toEqual([wait]);
  });

  it('refuses a path to no step', () => {
    expect(() => removeStep([mail], [1])).toThrow();
  });
});

describe('replaceStep', () => {
  it('replaces the step at a path', () => {
    const longer: AutomationStep = { type: 'wait', mode: 'delay', amount: 5, unit: 'days' };
    expect(replaceStep([mail, wait], [1], longer)).toEqual([mail, longer]);
    expect(replaceStep([condition([], [wait])], [0, 'no', 0], mail)).toEqual([condition([], [mail])]);
  });

  it("keeps a condition's branches when its filter conditions are edited", () => {
    const edited = { ...condition(), match: 'any' } as AutomationStep;
    expect(replaceStep([condition([mail], [end])], [0], edited)).toEqual([
      { ...condition([mail], [end]), match: 'any' } as AutomationStep,
    ]);
  });
});

describe('endsList and countSteps', () => {
  it('says a list ending with End automation takes no more steps', () => {
    expect(endsList([mail, end])).toBe(true);
    expect(endsList([end, mail])).toBe(false);
    expect(endsList([])).toBe(false);
  });

  it('counts the steps of both branches', () => {
    expect(countSteps([wait, condition([mail], [end, mail])])).toBe(5);
    expect(countSteps([])).toBe(0);
  });
});

describe('sameSteps', () => {
  it("is blind to key order (the database's jsonb sorts keys), not to values, nesting or list order", () => {
    const popup: AutomationStep = { ...mail, track: false };
    const stored = JSON.parse(
      '{"to":"customer","type":"send_email","track":false,"subject":"Hi","email_template_id":1}',
    );
    expect(sameSteps([condition([popup])], [condition([stored])])).toBe(true);
    expect(sameSteps([popup], [{ ...popup, track: true }])).toBe(false);
    expect(sameSteps([popup], [mail])).toBe(false);
    expect(sameSteps([wait, end], [end, wait])).toBe(false);
    expect(sameSteps([condition([wait])], [condition([], [wait])])).toBe(false);
  });
});

describe('moveStep', () => {
  it('swaps a step with its neighbour up or down, in the top list or a branch', () => {
    expect(moveStep([mail, wait], [1], -1)).toEqual([wait, mail]);
    expect(moveStep([mail, wait], [0], 1)).toEqual([wait, mail]);
    const tree = [condition([mail, wait], [end])];
    expect(moveStep(tree, [0, 'yes', 0], 1)).toEqual([condition([wait, mail], [end])]);
  });

  it('moves nothing past either end of its list, and never an "End automation" or past one', () => {
    expect(moveStep([mail, wait], [0], -1)).toBeNull();
    expect(moveStep([mail, wait], [1], 1)).toBeNull();
    expect(moveStep([mail, end], [0], 1)).toBeNull();
    expect(moveStep([mail, end], [1], -1)).toBeNull();
  });
});

describe('stepListAt', () => {
  it('finds the list a path points into, or nothing', () => {
    const tree = [wait, condition([mail], [end])];
    expect(stepListAt(tree, [0])).toBe(tree);
    expect(stepListAt(tree, [1, 'no', 0])).toEqual([end]);
    expect(stepListAt(tree, [0, 'yes', 0])).toBeUndefined();
  });
});
