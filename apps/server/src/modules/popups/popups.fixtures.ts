import { addBlock, addRow, addSection, type EditorDocument, emptyDocument } from '@funnelwork/blocks';

/** A popup document with one headline, built by the editor's own actions. */
export function headlineDocument(): EditorDocument {
  const unwrap = (r: ReturnType<typeof addSection>) => {
    if (!r.ok) throw new Error(r.error.message);
    return { document: r.document, id: r.id as number };
  };
  const section = unwrap(addSection(emptyDocument('page'), { type: 'addSection' }));
  const row = unwrap(addRow(section.document, { type: 'addRow', sectionId: section.id }));
  return unwrap(
    addBlock(row.document, {
      type: 'addBlock',
      blockType: 'headline',
      slot: { kind: 'column', rowId: row.id, column: 0 },
    }),
  ).document;
}
