import { z } from 'zod';
import { blockSchema } from '../catalogue/registry.ts';
import { rowAttributesSchema } from '../catalogue/row.ts';
import { sectionAttributesSchema } from '../catalogue/section.ts';
import { documentKindSchema, type NodeId, nodeIdSchema } from './ids.ts';
import { COLUMN_LAYOUTS } from './layouts.ts';
import { pageSettingsSchema } from './page-settings.ts';
import { blockChildLists, rowChildLists, type Slot, slotStep } from './structure.ts';

/** The version `migrateDocument` upgrades every stored document to. */
export const CURRENT_DOCUMENT_VERSION = 1;

/** "Section: attributes and child row ids." */
export const sectionSchema = z.object({
  id: nodeIdSchema,
  attributes: sectionAttributesSchema,
  children: z.array(nodeIdSchema),
});
export type Section = z.infer<typeof sectionSchema>;

export const columnSchema = z.object({ width: z.number().min(0).max(100), children: z.array(nodeIdSchema) });
export type Column = z.infer<typeof columnSchema>;

/** "Row: cols (each with width and children), labelTitle, labelColor, parent." */
export const rowSchema = z.object({
  id: nodeIdSchema,
  parent: nodeIdSchema,
  attributes: rowAttributesSchema,
  cols: z.array(columnSchema).min(1),
  labelTitle: z.string(),
  labelColor: z.string(),
});
export type Row = z.infer<typeof rowSchema>;

/** "Document: content (sections), rows, children (blocks)", with rows and blocks keyed by their id. */
const documentObjectSchema = z.object({
  version: z.literal(CURRENT_DOCUMENT_VERSION),
  kind: documentKindSchema,
  content: z.array(sectionSchema),
  rows: z.record(z.string(), rowSchema),
  children: z.record(z.string(), blockSchema),
  settings: pageSettingsSchema,
});
export type EditorDocument = z.infer<typeof documentObjectSchema>;

type Path = (string | number)[];
type Report = (path: Path, message: string) => void;

/** Every id is used once, every reference points at a node that points back, nothing is left unplaced. */
function checkStructure(document: EditorDocument, report: Report): void {
  const owners = new Map<NodeId, string>();
  const claimId = (id: NodeId, path: Path, what: string) => {
    const owner = owners.get(id);
    if (owner) report(path, `Id ${id} of this ${what} is already used by a ${owner}`);
    else owners.set(id, what);
  };
  document.content.forEach((section, index) => {
    claimId(section.id, ['content', index, 'id'], 'section');
  });
  for (const [key, row] of Object.entries(document.rows)) {
    if (key !== String(row.id)) report(['rows', key, 'id'], `Row id ${row.id} does not match its key ${key}`);
    claimId(row.id, ['rows', key, 'id'], 'row');
  }
  for (const [key, block] of Object.entries(document.children)) {
    if (key !== String(block.id))
      report(['children', key, 'id'], `Block id ${block.id} does not match its key ${key}`);
    claimId(block.id, ['children', key, 'id'], 'block');
  }

  const placedRows = new Set<NodeId>();
  const placedBlocks = new Set<NodeId>();
  const visitBlocks = (ids: readonly NodeId[], path: Path, owner: NodeId, slot: Slot) => {
    for (const [index, id] of ids.entries()) {
      const block = document.children[id];
      if (!block) {
        report([...path, index], `Block ${id} does not exist`);
        continue;
      }
      if (placedBlocks.has(id)) {
        report([...path, index], `Block ${id} is placed more than once`);
        continue;
      }
      placedBlocks.add(id);
      if (block.parent !== owner) {
        report(['children', String(id), 'parent'], `Block ${id} sits in ${owner} but names ${block.parent}`);
      }
      const step = slotStep(slot);
      if (block.step !== step) {
        report(
          ['children', String(id), 'step'],
          step
            ? `Block ${id} sits in step ${step} of a two-step form`
            : `Block ${id} is not in a two-step form`,
        );
      }
      for (const list of blockChildLists(block)) {
        visitBlocks(list.children, ['children', String(id), ...list.path], id, list.slot);
      }
    }
  };

  for (const [sectionIndex, section] of document.content.entries()) {
    for (const [index, rowId] of section.children.entries()) {
      const path = ['content', sectionIndex, 'children', index];
      const row = document.rows[rowId];
      if (!row) {
        report(path, `Row ${rowId} does not exist`);
        continue;
      }
      if (placedRows.has(rowId)) {
        report(path, `Row ${rowId} is placed more than once`);
        continue;
      }
      placedRows.add(rowId);
      if (row.parent !== section.id) {
        report(
          ['rows', String(rowId), 'parent'],
          `Row ${rowId} sits in ${section.id} but names ${row.parent}`,
        );
      }
      const layout = row.attributes.basic.columns;
      const expected = COLUMN_LAYOUTS[layout].length;
      if (row.cols.length !== expected) {
        report(
          ['rows', String(rowId), 'cols'],
          `Layout ${layout} has ${expected} columns, not ${row.cols.length}`,
        );
      }
      for (const list of rowChildLists(row)) {
        visitBlocks(list.children, ['rows', String(rowId), ...list.path], rowId, list.slot);
      }
    }
  }

  // References are looked up by key, so a node is placed when its key is referenced.
  for (const key of Object.keys(document.rows)) {
    if (!placedRows.has(Number(key))) report(['rows', key], `Row ${key} is not in any section`);
  }
  for (const key of Object.keys(document.children)) {
    if (!placedBlocks.has(Number(key))) report(['children', key], `Block ${key} is not placed anywhere`);
  }
}

/** A saved editor document; a failed parse names the path of every problem. */
export const documentSchema = documentObjectSchema.superRefine((document, context) => {
  checkStructure(document, (path, message) => {
    context.addIssue({ code: 'custom', path, message, input: document });
  });
});

export type DocumentIssue = { path: string; message: string };
export type DocumentValidation =
  | { ok: true; document: EditorDocument }
  | { ok: false; issues: DocumentIssue[] };

/** Checks a value against the document schema; each issue names its place, e.g. `children.12.content`. */
export function validateDocument(value: unknown): DocumentValidation {
  const parsed = documentSchema.safeParse(value);
  if (parsed.success) return { ok: true, document: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      path: z.core.toDotPath(issue.path),
      message: issue.message,
    })),
  };
}

/** All ids in use, so a new one can be drawn without collision. */
export function documentIds(document: EditorDocument): Set<NodeId> {
  return new Set([
    ...document.content.map((section) => section.id),
    ...Object.values(document.rows).map((row) => row.id),
    ...Object.values(document.children).map((block) => block.id),
  ]);
}
