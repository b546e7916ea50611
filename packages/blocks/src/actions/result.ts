import type { NodeId } from '../document/ids.ts';
import type { EditorDocument } from '../document/schema.ts';

/** "adding a row with no section shows an alert 'Place at least one section please'". */
export const NO_SECTION_MESSAGE = 'Place at least one section please';

export type ActionErrorCode =
  | 'no-section'
  | 'not-found'
  | 'invalid-target'
  | 'not-in-emails'
  | 'corrupt-template'
  | 'invalid-value';
export type ActionError = { code: ActionErrorCode; message: string };

/** A structure edit either gives the next document (and the id of the node it made) or says why not. */
export type ActionResult =
  | { ok: true; document: EditorDocument; id?: NodeId }
  | { ok: false; error: ActionError };

export function done(document: EditorDocument, id?: NodeId): ActionResult {
  return id === undefined ? { ok: true, document } : { ok: true, document, id };
}

export function fail(code: ActionErrorCode, message: string): ActionResult {
  return { ok: false, error: { code, message } };
}
