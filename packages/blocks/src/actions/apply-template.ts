import { CorruptDocumentError } from '../document/corrupt.ts';
import { emptyDocument } from '../document/empty.ts';
import { migrateDocument } from '../document/migrate.ts';
import type { EditorDocument } from '../document/schema.ts';
import { type ActionResult, done, fail } from './result.ts';

/** A template's stored document (object or JSON text); `clear` starts from an empty page instead. */
export type ApplyTemplateAction = { type: 'applyTemplate'; config: unknown; clear?: boolean };

/** No config: nothing at all, blank text or an object without fields. */
function isMissing(config: unknown): boolean {
  if (config === null || config === undefined) return true;
  if (typeof config === 'string') return config.trim() === '';
  return typeof config === 'object' && !Array.isArray(config) && Object.keys(config).length === 0;
}

/**
 * "Template apply: if there is no config or a clear flag is set, the document resets to empty with default
 * page settings." Otherwise the template's document replaces this one; the document keeps its own kind.
 */
export function applyTemplate(document: EditorDocument, action: ApplyTemplateAction): ActionResult {
  if (action.clear || isMissing(action.config)) return done(emptyDocument(document.kind));
  try {
    return done({ ...migrateDocument(action.config, { kind: document.kind }), kind: document.kind });
  } catch (error) {
    if (error instanceof CorruptDocumentError) return fail('corrupt-template', error.message);
    throw error;
  }
}
