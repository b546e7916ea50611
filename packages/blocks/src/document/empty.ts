import type { DocumentKind } from './ids.ts';
import { defaultPageSettings } from './page-settings.ts';
import { CURRENT_DOCUMENT_VERSION, type EditorDocument } from './schema.ts';

/** A document with no sections, rows or blocks and the default page settings of its kind. */
export function emptyDocument(kind: DocumentKind = 'page'): EditorDocument {
  return {
    version: CURRENT_DOCUMENT_VERSION,
    kind,
    content: [],
    rows: {},
    children: {},
    settings: defaultPageSettings(kind),
  };
}
