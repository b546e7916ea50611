import type { DocumentIssue } from './schema.ts';

/** "Saved page config that cannot be parsed logs 'Page data seems corrupt couldn't read it! …'" */
export const CORRUPT_DOCUMENT_MESSAGE =
  "Page data seems corrupt couldn't read it! try again later or create a new page.";

/** A stored document that cannot be read; `issues` say where it is wrong, for the log. */
export class CorruptDocumentError extends Error {
  override readonly name = 'CorruptDocumentError';
  readonly issues: readonly DocumentIssue[];

  constructor(issues: readonly DocumentIssue[], options?: { cause?: unknown }) {
    super(CORRUPT_DOCUMENT_MESSAGE, options);
    this.issues = issues;
  }
}
