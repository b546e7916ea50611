import { describe, expect, it } from 'vitest';
import { BLOCKS } from '../catalogue/registry.ts';
import { emptyDocument } from '../document/empty.ts';
import { validateDocument } from '../document/schema.ts';
import { build, deepFreeze, drawing, samplePage, unwrap } from '../test-support.ts';
import { addBlock } from './add-block.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('addBlock', () => {
  it('adds a block with every catalogue default to the end of a column', () => {
    const page = deepFreeze(samplePage());
    const result = addBlock(
      page,
      { type: 'addBlock', blockType: 'headline', slot: { kind: 'column', rowId: 2, column: 1 } },
      drawing([70]),
    );
    const next = unwrap(result);
    expect(result.ok && result.id).toBe(70);
    expect(next.rows[2]?.cols[1]?.children).toEqual([12, 70]);
    expect(next.children[70]).toEqual({
      id: 70,
      type: 'headline',
      parent: 2,
      attributes: BLOCKS.headline.defaults(),
      content: 'Headline',
      responsive: { desktop: true, mobile: true, tablets: true },
    });
    expect(validateDocument(next).ok).toBe(true);
  });

  it('inserts at the index given', () => {
    const next = unwrap(
      addBlock(
        samplePage(),
        { type: 'addBlock', blockType: 'spacer', slot: { kind: 'column', rowId: 2, column: 0 }, index: 1 },
        drawing([70]),
      ),
    );
    expect(next.rows[2]?.cols[0]?.children).toEqual([10, 70, 11]);
  });

  it('a new container has two empty boxes of 50; a new FAQ has no answer yet', () => {
    const page = samplePage();
    const container = page.children[20];
    expect(container?.type === 'container' && container.boxes).toEqual([
      { value: 50, children: [] },
      { value: 50, children: [] },
    ]);
    const faq = page.children[30];
    expect(faq?.type === 'faq' && faq.children).toEqual([]);
  });

  it('a new two-step form holds the default fields and buttons of each step', () => {
    const form = samplePage().children[40];
    expect(form?.type === 'twoStepForm' && [form.step1Children, form.step2Children]).toEqual([
      range(41, 49),
      [50, 51],
    ]);
    const page = samplePage();
    const labels = range(41, 51).map((id) => {
      const block = page.children[id];
      return [
        block?.type,
        block?.parent,
        block?.step,
        block?.type === 'formElement' && block.attributes.basic.label,
      ];
    });
    expect(labels).toEqual([
      ['formElement', 40, 1, 'Full name'],
      ['formElement', 40, 1, 'Email'],
      ['formElement', 40, 1, 'Phone'],
      ['formElement', 40, 1, 'Shipping address'],
      ['formElement', 40, 1, 'City'],
      ['formElement', 40, 1, 'Country'],
      ['formElement', 40, 1, 'State'],
      ['formElement', 40, 1, 'Zip'],
      ['formButton', 40, 1, false],
      ['paymentForm', 40, 2, false],
      ['formButton', 40, 2, false],
    ]);
  });

  it('adds into a container box, a FAQ and a two-step form step (which sets the block step)', () => {
    const next = build(samplePage(), [
      [{ type: 'addBlock', blockType: 'image', slot: { kind: 'box', containerId: 20, box: 1 } }, 70],
      [{ type: 'addBlock', blockType: 'paragraph', slot: { kind: 'faq', faqId: 30 } }, 71],
      [
        {
          type: 'addBlock',
          blockType: 'orderSummary',
          slot: { kind: 'step', formId: 40, step: 2 },
          index: 0,
        },
        72,
      ],
    ]);
    const container = next.children[20];
    expect(container?.type === 'container' && container.boxes.map((box) => box.children)).toEqual([[], [70]]);
    const faq = next.children[30];
    expect(faq?.type === 'faq' && faq.children).toEqual([71]);
    const form = next.children[40];
    expect(form?.type === 'twoStepForm' && form.step2Children).toEqual([72, 50, 51]);
    expect([next.children[70]?.parent, next.children[71]?.parent, next.children[72]?.parent]).toEqual([
      20, 30, 40,
    ]);
    expect([next.children[70]?.step, next.children[72]?.step]).toEqual([undefined, 2]);
    expect(validateDocument(next).ok).toBe(true);
  });

  it('"Email blocks: …": an e-mail only takes the e-mail blocks', () => {
    const email = build(emptyDocument('email'), [
      [{ type: 'addSection' }, 1],
      [{ type: 'addRow' }, 2],
    ]);
    const slot = { kind: 'column', rowId: 2, column: 0 } as const;
    expect(
      addBlock(email, { type: 'addBlock', blockType: 'orderBump', slot }, drawing([3], 'email')),
    ).toEqual({
      ok: false,
      error: { code: 'not-in-emails', message: 'Order bump is not available in e-mails' },
    });
    const result = addBlock(email, { type: 'addBlock', blockType: 'timer', slot }, drawing([3], 'email'));
    expect(result.ok && result.id).toBe(3);
  });

  it('says so when the slot does not exist', () => {
    const page = samplePage();
    const add = (slot: Parameters<typeof addBlock>[1]['slot']) =>
      addBlock(page, { type: 'addBlock', blockType: 'link', slot }, drawing([70]));
    expect(add({ kind: 'column', rowId: 2, column: 2 })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no column 2 of row 2' },
    });
    expect(add({ kind: 'box', containerId: 30, box: 0 })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no box 0 of container 30' },
    });
    expect(add({ kind: 'box', containerId: 20, box: 2 })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no box 2 of container 20' },
    });
    expect(add({ kind: 'faq', faqId: 999 })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'There is no FAQ 999' },
    });
    expect(add({ kind: 'step', formId: 40, step: 2 }).ok).toBe(true);
  });
});
