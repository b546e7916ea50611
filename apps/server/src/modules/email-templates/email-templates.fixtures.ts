import { type EditorDocument, emptyDocument, reduce } from '@funnelwork/blocks';

function applied(document: EditorDocument, action: Parameters<typeof reduce>[1]): EditorDocument {
  const result = reduce(document, action);
  if (!result.ok) throw new Error(result.error.message);
  return result.document;
}

/** An e-mail document with one section, one row and a paragraph per text given (merge tags allowed). */
export function emailWithParagraphs(...texts: string[]): EditorDocument {
  let document = applied(emptyDocument('email'), { type: 'addSection' });
  const sectionId = document.content[0]?.id as number;
  document = applied(document, { type: 'addRow', sectionId });
  const rowId = Number(Object.keys(document.rows)[0]);
  for (const [index, text] of texts.entries()) {
    const before = new Set(Object.keys(document.children));
    document = applied(document, {
      type: 'addBlock',
      blockType: 'paragraph',
      slot: { kind: 'column', rowId, column: 0 },
      index,
    });
    const id = Object.keys(document.children).find((key) => !before.has(key)) as string;
    const block = document.children[Number(id)];
    if (block?.type !== 'paragraph') throw new Error('fixture');
    block.content = text;
  }
  return document;
}

/** The document with a section padding mjml's strict validation refuses ("-5px …"). */
export function emailMjmlRefuses(): EditorDocument {
  const document = emailWithParagraphs('Refused');
  const section = document.content[0];
  if (!section) throw new Error('fixture');
  section.attributes.advanced.padding.top = -5;
  return document;
}
