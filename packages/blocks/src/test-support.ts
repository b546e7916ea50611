import { type EditorAction, reduce } from './actions/reduce.ts';
import type { ActionResult } from './actions/result.ts';
import { emptyDocument } from './document/empty.ts';
import { type DocumentKind, ID_RANGES } from './document/ids.ts';
import type { EditorDocument } from './document/schema.ts';

/** A random source that makes `newId` return exactly these ids, in order, and fails on any extra draw. */
export function drawing(ids: readonly number[], kind: DocumentKind = 'page'): () => number {
  const queue = [...ids];
  return () => {
    const id = queue.shift();
    if (id === undefined) throw new Error('No more ids prepared for this test');
    return (id - 0.5) / ID_RANGES[kind];
  };
}

export function unwrap(result: ActionResult): EditorDocument {
  if (!result.ok) throw new Error(`Expected success, got ${result.error.code}: ${result.error.message}`);
  return result.document;
}

/** Applies actions one by one, each drawing the ids listed with it. */
export function build(start: EditorDocument, steps: readonly [EditorAction, ...number[]][]): EditorDocument {
  return steps.reduce(
    (document, [action, ...ids]) => unwrap(reduce(document, action, drawing(ids, document.kind))),
    start,
  );
}

/** Freezes a value all the way down, so an action that mutates its input throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * A page used across the action tests:
 * section 1 → row 2 (two columns: headline 10 and paragraph 11 | button 12)
 *           → row 3 (one column: container 20, FAQ 30, two-step form 40 with blocks 41–51)
 * section 60 → row 61 (one column: image 62)
 */
export function samplePage(): EditorDocument {
  const column = (rowId: number, index = 0) => ({ kind: 'column' as const, rowId, column: index });
  return build(emptyDocument('page'), [
    [{ type: 'addSection' }, 1],
    [{ type: 'addRow', layout: 'two' }, 2],
    [{ type: 'addRow' }, 3],
    [{ type: 'addBlock', blockType: 'headline', slot: column(2) }, 10],
    [{ type: 'addBlock', blockType: 'paragraph', slot: column(2) }, 11],
    [{ type: 'addBlock', blockType: 'button', slot: column(2, 1) }, 12],
    [{ type: 'addBlock', blockType: 'container', slot: column(3) }, 20],
    [{ type: 'addBlock', blockType: 'faq', slot: column(3) }, 30],
    [{ type: 'addBlock', blockType: 'twoStepForm', slot: column(3) }, ...range(40, 51)],
    [{ type: 'addSection' }, 60],
    [{ type: 'addRow' }, 61],
    [{ type: 'addBlock', blockType: 'image', slot: column(61) }, 62],
  ]);
}
