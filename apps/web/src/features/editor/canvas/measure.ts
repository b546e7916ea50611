import type { NodeId, Slot } from '@funnelwork/blocks';
import type { MeasuredList, MeasuredSlot, Point, Rect } from './drop-target.ts';

/** Where rects are measured from: the viewport (0, 0), or the canvas frame's corner. */
type Origin = Point;
const VIEWPORT: Origin = { x: 0, y: 0 };

const rectOf = (element: Element, origin: Origin): Rect => {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left: left - origin.x, top: top - origin.y, width, height };
};

const idOf = (element: Element): NodeId => Number(element.getAttribute('data-node-id'));

/** The nodes directly in a list element (a column, a box …), not those nested deeper. */
function directNodes(list: Element, origin: Origin): { id: NodeId; rect: Rect }[] {
  return [...list.children]
    .filter((child) => child.hasAttribute('data-node-id'))
    .map((child) => ({ id: idOf(child), rect: rectOf(child, origin) }));
}

function ancestorsOf(element: Element, root: Element): NodeId[] {
  const ids: NodeId[] = [];
  let current = element.parentElement;
  while (current && current !== root) {
    if (current.hasAttribute('data-node-id') && current.getAttribute('data-node-type') !== 'row')
      ids.push(idOf(current));
    current = current.parentElement;
  }
  return ids;
}

/** The block lists a node holds in the rendered page, with the slot each one is. */
function slotElements(node: Element): { slot: Slot; element: Element }[] {
  const id = idOf(node);
  const all = (selector: string) => [...node.querySelectorAll(`:scope > ${selector}`)];
  switch (node.getAttribute('data-node-type')) {
    case 'row':
      return all('.fw-row-inner > .fw-col').map((element, column) => ({
        slot: { kind: 'column', rowId: id, column },
        element,
      }));
    case 'container':
      return all('.fw-box > .fw-container-box').map((element, box) => ({
        slot: { kind: 'box', containerId: id, box },
        element,
      }));
    case 'faq':
      return all('.fw-box > .fw-faq-answer').map((element) => ({
        slot: { kind: 'faq', faqId: id },
        element,
      }));
    case 'twoStepForm':
      return all('.fw-box > .fw-form-step').map((element, index) => ({
        slot: { kind: 'step', formId: id, step: index === 0 ? 1 : 2 },
        element,
      }));
    default:
      return [];
  }
}

/** Every place on the canvas a block can be dropped, measured now (from `origin`, the viewport by default). */
export function measureSlots(root: Element, origin: Origin = VIEWPORT): MeasuredSlot[] {
  return [...root.querySelectorAll('[data-node-id]')].flatMap((node) =>
    slotElements(node).map(({ slot, element }) => {
      const ancestors = ancestorsOf(element, root);
      return {
        slot,
        rect: rectOf(element, origin),
        depth: ancestors.length,
        ancestors,
        children: directNodes(element, origin),
      };
    }),
  );
}

/** The sections with their rows, measured now (from `origin`, the viewport by default). */
export function measureSections(root: Element, origin: Origin = VIEWPORT): MeasuredList[] {
  return [...root.querySelectorAll('[data-node-type="section"]')].map((section) => {
    const inner = section.querySelector(':scope > .fw-section-inner');
    return {
      id: idOf(section),
      rect: rectOf(section, origin),
      children: inner ? directNodes(inner, origin) : [],
    };
  });
}

/** The rendered element of a node. */
export function nodeElement(root: Element, id: NodeId): Element | null {
  return root.querySelector(`[data-node-id="${id}"]`);
}
