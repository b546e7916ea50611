import { describe, expect, it } from 'vitest';
import { validateDocument } from '../document/schema.ts';
import { build, deepFreeze, samplePage, unwrap } from '../test-support.ts';
import { deleteNode } from './delete-node.ts';

const ids = (record: Record<string, unknown>) => Object.keys(record).map(Number);

/** The sample page with paragraph 21 in container 20's first box and image 31 in FAQ 30. */
const nestedPage = () =>
  deepFreeze(
    build(samplePage(), [
      [{ type: 'addBlock', blockType: 'paragraph', slot: { kind: 'box', containerId: 20, box: 0 } }, 21],
      [{ type: 'addBlock', blockType: 'image', slot: { kind: 'faq', faqId: 30 } }, 31],
    ]),
  );

const RULE = 'Deleting a section removes its rows and blocks; deleting a row or block removes its children.';

describe(`deleteNode: "${RULE}"`, () => {
  it('deleting a section removes its rows and blocks, at any depth', () => {
    const next = unwrap(deleteNode(nestedPage(), { type: 'deleteNode', id: 1 }));
    expect(next.content.map((section) => section.id)).toEqual([60]);
    expect(ids(next.rows)).toEqual([61]);
    expect(ids(next.children)).toEqual([62]);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('deleting a row removes its blocks and their children, and the row from its section', () => {
    const next = unwrap(deleteNode(nestedPage(), { type: 'deleteNode', id: 3 }));
    expect(next.content[0]?.children).toEqual([2]);
    expect(ids(next.rows)).toEqual([2, 61]);
    expect(ids(next.children)).toEqual([10, 11, 12, 62]);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('deleting a block removes its children and the block from its list', () => {
    const page = nestedPage();
    const withoutForm = unwrap(deleteNode(page, { type: 'deleteNode', id: 40 }));
    expect(withoutForm.rows[3]?.cols[0]?.children).toEqual([20, 30]);
    expect(ids(withoutForm.children)).toEqual([10, 11, 12, 20, 21, 30, 31, 62]);
    expect(validateDocument(withoutForm).ok).toBe(true);

    const withoutContainer = unwrap(deleteNode(page, { type: 'deleteNode', id: 20 }));
    expect(withoutContainer.children[21]).toBeUndefined();
    expect(withoutContainer.children[30]).toBeDefined();
  });

  it('deleting a block inside a container, a FAQ or a form step removes it from there', () => {
    const page = nestedPage();
    const container = unwrap(deleteNode(page, { type: 'deleteNode', id: 21 })).children[20];
    expect(container?.type === 'container' && container.boxes.map((box) => box.children)).toEqual([[], []]);
    const faq = unwrap(deleteNode(page, { type: 'deleteNode', id: 31 })).children[30];
    expect(faq?.type === 'faq' && faq.children).toEqual([]);
    const next = unwrap(deleteNode(page, { type: 'deleteNode', id: 50 }));
    const form = next.children[40];
    expect(form?.type === 'twoStepForm' && form.step2Children).toEqual([51]);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('says so when nothing has that id', () => {
    expect(deleteNode(samplePage(), { type: 'deleteNode', id: 999 })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no section, row or block 999' },
    });
  });
});
