import {
  CORRUPT_DOCUMENT_MESSAGE,
  CorruptDocumentError,
  type DocumentKind,
  migrateDocument,
  validateDocument,
} from '@funnelwork/blocks';
import { HttpError } from '../../plugins/errors.ts';

type Json = Record<string, unknown>;

/**
 * A saved document (page or popup) must be a valid editor document of the current version; the first
 * problem is named by its path, e.g. `data.config.children.12.attributes.basic.url: Expected string`.
 */
export function checkedDocument(config: Json): Json {
  const checked = validateDocument(config);
  if (checked.ok) return checked.document as unknown as Json;
  const issue = checked.issues[0];
  const field = issue?.path ? `data.config.${issue.path}` : 'data.config';
  throw new HttpError(
    400,
    `${field}: ${issue?.message ?? 'is not an editor document'}`,
    'validation_error',
    field,
  );
}

/**
 * A stored document as the editor reads it: upgraded to the current version. One that cannot be read
 * answers 422 with the spec's text "Page data seems corrupt couldn't read it! …".
 */
export function readableDocument(config: Json | null | undefined, kind: DocumentKind = 'page'): Json | null {
  if (config === null || config === undefined) return null;
  try {
    return migrateDocument(config, { kind }) as unknown as Json;
  } catch (error) {
    if (error instanceof CorruptDocumentError) {
      throw new HttpError(422, CORRUPT_DOCUMENT_MESSAGE, 'corrupt_document', 'config');
    }
    throw error;
  }
}
