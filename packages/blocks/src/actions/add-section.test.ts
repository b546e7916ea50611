import { describe, expect, it } from 'vitest';
import { section } from '../catalogue/section.ts';
import { emptyDocument } from '../document/empty.ts';
import { validateDocument } from '../document/schema.ts';
import { deepFreeze, drawing, samplePage, unwrap } from '../test-support.ts';
import { addSection } from './add-section.ts';

describe('addSection', () => {
  it('adds an empty section with the default section settings at the end', () => {
    const start = deepFreeze(emptyDocument());
    const result = addSection(start, { type: 'addSection' }, drawing([7]));
    expect(result).toEqual({
      ok: true,
      id: 7,
      document: { ...start, content: [{ id: 7, attributes: section.defaults(), children: [] }] },
    });
    expect(start.content).toEqual([]);
  });

  it('inserts at the index given, clamped to the page', () => {
    const page = deepFreeze(samplePage());
    expect(
      unwrap(addSection(page, { type: 'addSection', index: 1 }, drawing([5]))).content.map((s) => s.id),
    ).toEqual([1, 5, 60]);
    expect(
      unwrap(addSection(page, { type: 'addSection', index: 0 }, drawing([5]))).content.map((s) => s.id),
    ).toEqual([5, 1, 60]);
    expect(
      unwrap(addSection(page, { type: 'addSection', index: 99 }, drawing([5]))).content.map((s) => s.id),
    ).toEqual([1, 60, 5]);
  });

  it('"new ids are random whole numbers, redrawn on collision"', () => {
    const page = samplePage();
    const result = addSection(page, { type: 'addSection' }, drawing([1, 2, 62, 63]));
    expect(result.ok && result.id).toBe(63);
    expect(validateDocument(unwrap(result)).ok).toBe(true);
  });

  it('draws e-mail ids from 1 to 100000', () => {
    const result = addSection(emptyDocument('email'), { type: 'addSection' }, () => 0.999_999_9);
    expect(result.ok && result.id).toBe(100_000);
  });
});
