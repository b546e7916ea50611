import { VISIBLE_EVERYWHERE } from '../catalogue/define-block.ts';
import { BLOCKS, type BlockType, isBlockType } from '../catalogue/registry.ts';
import { ROW_LABEL_DEFAULTS, row as rowItem } from '../catalogue/row.ts';
import { section as sectionItem } from '../catalogue/section.ts';
import { CorruptDocumentError } from './corrupt.ts';
import type { DocumentKind } from './ids.ts';
import { defaultPageSettings } from './page-settings.ts';
import { CURRENT_DOCUMENT_VERSION, type EditorDocument, validateDocument } from './schema.ts';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fills what `stored` lacks from `defaults`, object by object; stored values win, even if wrong. */
export function fillDefaults(defaults: unknown, stored: unknown): unknown {
  if (stored === undefined) return defaults;
  if (!isObject(defaults) || !isObject(stored)) return stored;
  const filled: JsonObject = { ...stored };
  for (const [key, value] of Object.entries(defaults)) filled[key] = fillDefaults(value, stored[key]);
  return filled;
}

function mapValues(value: unknown, map: (item: unknown) => unknown): unknown {
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, map(item)]));
}

function blockDefaults(type: BlockType): JsonObject {
  return { attributes: BLOCKS[type].defaults(), responsive: { ...VISIBLE_EVERYWHERE } };
}

/**
 * Version 0 is the document as the editor saved it before versions: content, rows and children, but no
 * `version` or `kind`, and settings and attributes possibly partial. Missing fields take today's defaults.
 */
function fromVersion0(stored: JsonObject, kind: DocumentKind): JsonObject {
  const content = Array.isArray(stored.content)
    ? stored.content.map((section) => fillDefaults({ attributes: sectionItem.defaults() }, section))
    : stored.content;
  const rows = mapValues(stored.rows, (row) =>
    fillDefaults({ attributes: rowItem.defaults(), ...ROW_LABEL_DEFAULTS }, row),
  );
  const children = mapValues(stored.children, (block) =>
    isObject(block) && typeof block.type === 'string' && isBlockType(block.type)
      ? fillDefaults(blockDefaults(block.type), block)
      : block,
  );
  return {
    ...stored,
    version: 1,
    kind,
    content,
    rows,
    children,
    settings: fillDefaults(defaultPageSettings(kind), stored.settings),
  };
}

/** MIGRATIONS[n] turns a version-n document into version n + 1. */
const MIGRATIONS: Readonly<Record<number, (stored: JsonObject, kind: DocumentKind) => JsonObject>> = {
  0: fromVersion0,
};

function readStored(stored: unknown): JsonObject {
  let value = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch (cause) {
      throw new CorruptDocumentError([{ path: '', message: 'Not JSON' }], { cause });
    }
  }
  if (!isObject(value)) throw new CorruptDocumentError([{ path: '', message: 'Not an object' }]);
  return value;
}

/**
 * Reads a stored document (an object or its JSON text), upgrades it to the current version and validates it.
 * Throws CorruptDocumentError ("Page data seems corrupt couldn't read it! …") when it cannot.
 * `kind` applies to documents from before versions, which did not record it.
 */
export function migrateDocument(stored: unknown, options: { kind?: DocumentKind } = {}): EditorDocument {
  let document = readStored(stored);
  const version = document.version ?? 0;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new CorruptDocumentError([
      { path: 'version', message: `Unknown version ${JSON.stringify(version)}` },
    ]);
  }
  if (version > CURRENT_DOCUMENT_VERSION) {
    throw new CorruptDocumentError([
      { path: 'version', message: `Version ${version} is newer than this editor` },
    ]);
  }
  for (let step = version; step < CURRENT_DOCUMENT_VERSION; step += 1) {
    const migration = MIGRATIONS[step];
    if (!migration)
      throw new CorruptDocumentError([{ path: 'version', message: `No migration from ${step}` }]);
    document = migration(document, options.kind ?? 'page');
  }
  const validation = validateDocument(document);
  if (!validation.ok) throw new CorruptDocumentError(validation.issues);
  return validation.document;
}
