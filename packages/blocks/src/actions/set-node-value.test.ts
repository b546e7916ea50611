import { describe, expect, it } from 'vitest';
import { validateDocument } from '../document/schema.ts';
import { deepFreeze, samplePage, unwrap } from '../test-support.ts';
import { getAtPath, setAtPath, setNodeValue } from './set-node-value.ts';

const page = () => deepFreeze(samplePage());

describe('setNodeValue: one setting of a block, row, section or the page', () => {
  it('sets a nested block attribute and keeps the document valid', () => {
    const next = unwrap(
      setNodeValue(page(), {
        type: 'setNodeValue',
        id: 10,
        path: ['attributes', 'basic', 'font', 'size'],
        value: 32,
      }),
    );
    expect(getAtPath(next.children[10], ['attributes', 'basic', 'font', 'size'])).toBe(32);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('sets one device of a per-device value and a visibility flag', () => {
    const aligned = unwrap(
      setNodeValue(page(), {
        type: 'setNodeValue',
        id: 12,
        path: ['attributes', 'basic', 'align', 'mobile'],
        value: 'right',
      }),
    );
    expect(getAtPath(aligned.children[12], ['attributes', 'basic', 'align'])).toEqual({
      desktop: 'center',
      tablets: 'center',
      mobile: 'right',
    });
    const hidden = unwrap(
      setNodeValue(page(), { type: 'setNodeValue', id: 12, path: ['responsive', 'mobile'], value: false }),
    );
    expect(hidden.children[12]?.responsive).toEqual({ desktop: true, tablets: true, mobile: false });
  });

  it('sets block content, row labels, section and page settings', () => {
    const edited = unwrap(
      setNodeValue(page(), { type: 'setNodeValue', id: 10, path: ['content'], value: 'Hi <b>there</b>' }),
    );
    expect(edited.children[10]?.content).toBe('Hi <b>there</b>');
    const labelled = unwrap(
      setNodeValue(page(), { type: 'setNodeValue', id: 2, path: ['labelTitle'], value: 'Hero' }),
    );
    expect(labelled.rows[2]?.labelTitle).toBe('Hero');
    const wide = unwrap(
      setNodeValue(page(), {
        type: 'setNodeValue',
        id: 1,
        path: ['attributes', 'basic', 'width'],
        value: 'wide',
      }),
    );
    expect(wide.content[0]?.attributes.basic.width).toBe('wide');
    const padded = unwrap(
      setNodeValue(page(), { type: 'setNodeValue', id: 'page', path: ['padding', 'top'], value: 0 }),
    );
    expect(padded.settings.padding).toEqual({ top: 0, right: 30, bottom: 100, left: 30 });
  });

  it('refuses values the schema refuses, structure fields and unknown nodes', () => {
    expect(
      setNodeValue(page(), {
        type: 'setNodeValue',
        id: 10,
        path: ['attributes', 'basic', 'font', 'size'],
        value: -1,
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-value' } });
    expect(
      setNodeValue(page(), {
        type: 'setNodeValue',
        id: 12,
        path: ['attributes', 'basic', 'align', 'mobile'],
        value: 'up',
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-value' } });
    expect(setNodeValue(page(), { type: 'setNodeValue', id: 10, path: ['parent'], value: 3 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-value', message: 'parent is not a setting of a block' },
    });
    expect(setNodeValue(page(), { type: 'setNodeValue', id: 2, path: ['cols'], value: [] })).toMatchObject({
      ok: false,
    });
    expect(
      setNodeValue(page(), { type: 'setNodeValue', id: 999, path: ['content'], value: 'x' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(
      setNodeValue(page(), { type: 'setNodeValue', id: 'page', path: ['direction'], value: 'up' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid-value' } });
  });
});

describe('setAtPath', () => {
  it('copies along the path and leaves the input alone', () => {
    const input = deepFreeze({ a: { b: [1, { c: 2 }] } });
    expect(setAtPath(input, ['a', 'b', 1, 'c'], 3)).toEqual({ a: { b: [1, { c: 3 }] } });
    expect(input.a.b[1]).toEqual({ c: 2 });
  });

  it('answers undefined for a path that leads nowhere', () => {
    expect(setAtPath({ a: 1 }, ['x', 'y'], 1)).toBeUndefined();
    expect(setAtPath({ a: [1] }, ['a', 5], 1)).toBeUndefined();
    expect(setAtPath(3, ['a'], 1)).toBeUndefined();
  });
});
