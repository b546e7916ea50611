import { convert } from 'html-to-text';
import type { Block } from '../../catalogue/registry.ts';
import type { EditorDocument } from '../../document/schema.ts';
import { emailMarkupOf } from './blocks.ts';

/** Rich text and custom HTML as text: links as "text [url]", no line wrapping (mail clients wrap). */
function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [{ selector: 'img', format: 'skip' }],
  }).trim();
}

/** One block's lines of the plain-text part; blocks with nothing to read give none. */
function blockText(block: Block, document: EditorDocument): string[] {
  return (
    emailMarkupOf(block.type)?.text(block, {
      document,
      htmlText,
      blocksText: (ids) => blocksText(ids, document),
    }) ?? []
  );
}

function blocksText(ids: readonly number[], document: EditorDocument): string[] {
  return ids.flatMap((id) => {
    const block = document.children[id];
    return block ? blockText(block, document) : [];
  });
}

/**
 * The plain-text part, read from the document rather than from the HTML: each block's words in reading
 * order (sections, rows, columns), separated by blank lines, with link targets in brackets.
 */
export function renderEmailText(document: EditorDocument): string {
  const lines: string[] = [];
  for (const section of document.content) {
    for (const rowId of section.children) {
      const row = document.rows[rowId];
      if (!row) continue;
      for (const column of row.cols) lines.push(...blocksText(column.children, document));
    }
  }
  return `${lines.filter((line) => line.trim() !== '').join('\n\n')}\n`;
}
