import {
  type ActionResult,
  type Block,
  blockChildLists,
  type EditorDocument,
  findNode,
  NO_SECTION_MESSAGE,
  type NodeId,
  type PaletteType,
  reduce,
  type Slot,
} from '@funnelwork/blocks';

/** A FAQ shows its answer only while it is open (`isActive`); the editor draws it as shoppers see it. */
function isCollapsed(block: Block): boolean {
  return block.type === 'faq' && !block.attributes.basic.isActive;
}

/**
 * The block a new one goes after: the selected block, or the outermost closed FAQ holding it, so that
 * what is added is never hidden in a collapsed answer.
 */
function visibleAnchor(document: EditorDocument, block: Block): Block {
  let anchor = block;
  let current = findNode(document, block.id);
  while (current?.kind === 'block' && current.slot.kind === 'faq') {
    const faq = document.children[current.slot.faqId];
    if (!faq) break;
    if (isCollapsed(faq)) anchor = faq;
    current = findNode(document, faq.id);
  }
  return anchor;
}

/**
 * Where a palette item lands when it is clicked or chosen with the keyboard instead of dragged: into an
 * empty holder the merchant sees open (a container box, a form step, an open FAQ) when that holder is
 * selected; otherwise after the selected block at its level, never inside a collapsed FAQ answer.
 */
export function blockSlot(
  document: EditorDocument,
  selected: NodeId | null,
): { slot: Slot; index?: number } | null {
  if (selected !== null) {
    const node = findNode(document, selected);
    if (node?.kind === 'block') {
      const [first] = blockChildLists(node.block);
      if (first && first.children.length === 0 && !isCollapsed(node.block)) return { slot: first.slot };
      const anchor = findNode(document, visibleAnchor(document, node.block).id);
      if (anchor?.kind === 'block') return { slot: anchor.slot, index: anchor.index + 1 };
      return { slot: node.slot, index: node.index + 1 };
    }
    if (node?.kind === 'row') return { slot: { kind: 'column', rowId: node.row.id, column: 0 } };
    if (node?.kind === 'section') {
      const rowId = node.section.children.at(-1);
      return rowId === undefined ? null : { slot: { kind: 'column', rowId, column: 0 } };
    }
  }
  const rowId = document.content.at(-1)?.children.at(-1);
  return rowId === undefined ? null : { slot: { kind: 'column', rowId, column: 0 } };
}

function sectionOf(document: EditorDocument, selected: NodeId | null): NodeId | undefined {
  if (selected === null) return undefined;
  const node = findNode(document, selected);
  if (node?.kind === 'section') return node.section.id;
  if (node?.kind === 'row') return node.row.parent;
  if (node?.kind === 'block') {
    const slot = node.slot;
    if (slot.kind === 'column') return document.rows[slot.rowId]?.parent;
  }
  return undefined;
}

/**
 * Adds a palette item near the selection: a section after the selected one (or at the end); a row into the
 * selected section; a block where `blockSlot` says, into the selected row, or into the last row. A block
 * on a page with a section but no row gets a one-column row first; with no section the answer is the spec's
 * 'Place at least one section please'.
 */
export function paletteInsert(
  document: EditorDocument,
  selected: NodeId | null,
  type: PaletteType,
  random: () => number = Math.random,
): ActionResult {
  if (type === 'section') {
    const index =
      selected === null
        ? undefined
        : document.content.findIndex((section) => section.id === sectionOf(document, selected));
    return reduce(
      document,
      { type: 'addSection', index: index === undefined || index === -1 ? undefined : index + 1 },
      random,
    );
  }
  if (type === 'row')
    return reduce(document, { type: 'addRow', sectionId: sectionOf(document, selected) }, random);

  const place = blockSlot(document, selected);
  if (place) return reduce(document, { type: 'addBlock', blockType: type, ...place }, random);
  if (document.content.length === 0)
    return { ok: false, error: { code: 'no-section', message: NO_SECTION_MESSAGE } };
  const withRow = reduce(document, { type: 'addRow', sectionId: sectionOf(document, selected) }, random);
  if (!withRow.ok || withRow.id === undefined) return withRow;
  return reduce(
    withRow.document,
    { type: 'addBlock', blockType: type, slot: { kind: 'column', rowId: withRow.id, column: 0 } },
    random,
  );
}

/** What kind of part a saved asset's `node_type` names: 'section', 'row', or a block type. */
export const fragmentKindOf = (nodeType: string): 'section' | 'row' | 'block' =>
  nodeType === 'section' || nodeType === 'row' ? nodeType : 'block';

/**
 * Inserts a saved asset where a palette item of its kind would go: a section after the selected one, a row
 * into the selected section, a block after the selected block or into the selected (or last) row.
 */
export function savedInsert(
  document: EditorDocument,
  selected: NodeId | null,
  nodeType: string,
  fragment: EditorDocument,
  random: () => number = Math.random,
): ActionResult {
  const kind = fragmentKindOf(nodeType);
  if (kind === 'section') {
    const index =
      selected === null
        ? -1
        : document.content.findIndex((section) => section.id === sectionOf(document, selected));
    return reduce(
      document,
      { type: 'insertFragment', kind, fragment, index: index === -1 ? undefined : index + 1 },
      random,
    );
  }
  if (kind === 'row')
    return reduce(
      document,
      { type: 'insertFragment', kind, fragment, sectionId: sectionOf(document, selected) },
      random,
    );
  const place = blockSlot(document, selected);
  if (place) return reduce(document, { type: 'insertFragment', kind, fragment, ...place }, random);
  if (document.content.length === 0)
    return { ok: false, error: { code: 'no-section', message: NO_SECTION_MESSAGE } };
  const withRow = reduce(document, { type: 'addRow', sectionId: sectionOf(document, selected) }, random);
  if (!withRow.ok || withRow.id === undefined) return withRow;
  return reduce(
    withRow.document,
    { type: 'insertFragment', kind, fragment, slot: { kind: 'column', rowId: withRow.id, column: 0 } },
    random,
  );
}
