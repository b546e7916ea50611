import { describe, expect, it } from 'vitest';
import { validateDocument } from '../document/schema.ts';
import { build, deepFreeze, drawing, samplePage, unwrap } from '../test-support.ts';
import { cloneNode } from './clone-node.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('cloneNode: "cloning gives new random ids"', () => {
  it('clones a block right after the original, with the same settings and a new id', () => {
    const page = deepFreeze(samplePage());
    const result = cloneNode(page, { type: 'cloneNode', id: 10 }, drawing([70]));
    const next = unwrap(result);
    expect(result.ok && result.id).toBe(70);
    expect(next.rows[2]?.cols[0]?.children).toEqual([10, 70, 11]);
    expect(next.children[70]).toEqual({ ...page.children[10], id: 70 });
    expect(next.children[70]?.attributes).not.toBe(page.children[10]?.attributes);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('clones a block with everything inside it, each with a new id', () => {
    const page = build(samplePage(), [
      [{ type: 'addBlock', blockType: 'faq', slot: { kind: 'box', containerId: 20, box: 1 } }, 21],
      [{ type: 'addBlock', blockType: 'paragraph', slot: { kind: 'faq', faqId: 21 } }, 22],
    ]);
    const next = unwrap(cloneNode(page, { type: 'cloneNode', id: 20 }, drawing([70, 71, 72])));
    expect(next.rows[3]?.cols[0]?.children).toEqual([20, 70, 30, 40]);
    const container = next.children[70];
    expect(container?.type === 'container' && container.boxes.map((box) => box.children)).toEqual([[], [71]]);
    const faq = next.children[71];
    expect(faq?.type === 'faq' && [faq.parent, faq.children]).toEqual([70, [72]]);
    expect(next.children[72]?.parent).toBe(71);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('a cloned two-step form keeps its steps', () => {
    const next = unwrap(cloneNode(samplePage(), { type: 'cloneNode', id: 40 }, drawing(range(70, 81))));
    const form = next.children[70];
    expect(form?.type === 'twoStepForm' && [form.step1Children, form.step2Children]).toEqual([
      range(71, 79),
      [80, 81],
    ]);
    expect([next.children[71]?.step, next.children[80]?.step]).toEqual([1, 2]);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('a block cloned inside a form step keeps its step', () => {
    const next = unwrap(cloneNode(samplePage(), { type: 'cloneNode', id: 50 }, drawing([70])));
    const form = next.children[40];
    expect(form?.type === 'twoStepForm' && form.step2Children).toEqual([50, 70, 51]);
    expect(next.children[70]).toMatchObject({ parent: 40, step: 2 });
  });

  it('clones a row after the original, with its blocks', () => {
    const next = unwrap(cloneNode(samplePage(), { type: 'cloneNode', id: 2 }, drawing([70, 71, 72, 73])));
    expect(next.content[0]?.children).toEqual([2, 70, 3]);
    expect(next.rows[70]).toMatchObject({
      id: 70,
      parent: 1,
      cols: [
        { width: 50, children: [71, 72] },
        { width: 50, children: [73] },
      ],
    });
    expect(next.children[71]).toEqual({ ...samplePage().children[10], id: 71, parent: 70 });
    expect(validateDocument(next).ok).toBe(true);
  });

  it('clones a section after the original, with its rows and blocks', () => {
    const next = unwrap(cloneNode(samplePage(), { type: 'cloneNode', id: 60 }, drawing([70, 71, 72])));
    expect(next.content.map((section) => [section.id, section.children])).toEqual([
      [1, [2, 3]],
      [60, [61]],
      [70, [71]],
    ]);
    expect(next.rows[71]?.parent).toBe(70);
    expect(next.rows[71]?.cols[0]?.children).toEqual([72]);
    expect(next.children[72]).toMatchObject({ type: 'image', parent: 71 });
    expect(validateDocument(next).ok).toBe(true);
  });

  it('draws again when a random id is already taken', () => {
    const result = cloneNode(samplePage(), { type: 'cloneNode', id: 62 }, drawing([62, 1, 70]));
    expect(result.ok && result.id).toBe(70);
  });

  it('says so when nothing has that id', () => {
    expect(cloneNode(samplePage(), { type: 'cloneNode', id: 999 }, drawing([]))).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no section, row or block 999' },
    });
  });
});
