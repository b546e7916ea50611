import { type EditorAction, reduce } from '../actions/reduce.ts';
import type { Spacing } from '../catalogue/common.ts';
import type { Responsive } from '../catalogue/define-block.ts';
import type { Block, BlockOf, BlockType } from '../catalogue/registry.ts';
import { emptyDocument } from '../document/empty.ts';
import type { DocumentKind, NodeId } from '../document/ids.ts';
import type { ColumnLayout } from '../document/layouts.ts';
import type { PageSettings } from '../document/page-settings.ts';
import type { EditorDocument } from '../document/schema.ts';
import type { Slot } from '../document/structure.ts';

/** Nested partial objects; arrays and other values are replaced whole. */
export type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `base` with `patch` laid over it, object by object. */
export function deepMerge<T>(base: T, patch: NoInfer<DeepPartial<T>> | undefined): T {
  if (patch === undefined) return base;
  if (!isRecord(base) || !isRecord(patch)) return patch as T;
  // A different variant of a union (a link action of another type) replaces the old one whole.
  if ('type' in patch && patch.type !== base.type) return patch as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) merged[key] = deepMerge(base[key], value as DeepPartial<unknown>);
  }
  return merged as T;
}

/** A fixed pseudo-random sequence (mulberry32), so a template's ids are the same on every build. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type BlockPatch<K extends BlockType> = {
  content?: string;
  attributes?: DeepPartial<BlockOf<K>['attributes']>;
};

/**
 * Builds a page (or e-mail) document with the editor's own structure actions (so a template is what a merchant
 * could have built by hand), then sets the blocks' settings.
 */
export class TemplateBuilder {
  private document: EditorDocument;
  private readonly random: () => number;

  /** `kind` 'email' builds an e-mail document (the e-mail palette only, e-mail page settings). */
  constructor(seed: number, settings: DeepPartial<PageSettings> = {}, kind: DocumentKind = 'page') {
    this.random = seededRandom(seed);
    const start = emptyDocument(kind);
    this.document = { ...start, settings: deepMerge(start.settings, settings) };
  }

  private apply(action: EditorAction): NodeId {
    const result = reduce(this.document, action, this.random);
    if (!result.ok) throw new Error(`Template action ${action.type} failed: ${result.error.message}`);
    this.document = result.document;
    if (result.id === undefined) throw new Error(`Template action ${action.type} made no node`);
    return result.id;
  }

  section(patch: DeepPartial<EditorDocument['content'][number]['attributes']> = {}): NodeId {
    const id = this.apply({ type: 'addSection' });
    this.document = {
      ...this.document,
      content: this.document.content.map((section) =>
        section.id === id ? { ...section, attributes: deepMerge(section.attributes, patch) } : section,
      ),
    };
    return id;
  }

  /** A row in a section; the slots of its columns in order. */
  row(
    sectionId: NodeId,
    layout: ColumnLayout = 'one',
    patch: DeepPartial<EditorDocument['rows'][string]['attributes']> = {},
  ): Slot[] {
    const id = this.apply({ type: 'addRow', sectionId, layout });
    const row = this.document.rows[id]!;
    this.document = {
      ...this.document,
      rows: { ...this.document.rows, [id]: { ...row, attributes: deepMerge(row.attributes, patch) } },
    };
    return row.cols.map((_, column) => ({ kind: 'column', rowId: id, column }));
  }

  /** A block of the catalogue at the end of a slot (or at `index`), with its settings changed. */
  block<K extends BlockType>(slot: Slot, type: K, patch: BlockPatch<K> = {}, index?: number): NodeId {
    const id = this.apply({
      type: 'addBlock',
      blockType: type,
      slot,
      ...(index === undefined ? {} : { index }),
    });
    this.update<K>(id, patch);
    return id;
  }

  /** Changes a block's content and settings. */
  update<K extends BlockType>(id: NodeId, patch: BlockPatch<K>): void {
    const block = this.document.children[id] as BlockOf<K>;
    const changed = {
      ...block,
      attributes: deepMerge(block.attributes, patch.attributes),
      ...(patch.content === undefined ? {} : { content: patch.content }),
    } as Block;
    this.document = { ...this.document, children: { ...this.document.children, [id]: changed } };
  }

  /** Where a block shows: `mobile` false hides it on phones. */
  responsive(id: NodeId, flags: Partial<Responsive>): void {
    const block = this.document.children[id];
    if (!block) throw new Error(`${id} is not a block`);
    const changed = { ...block, responsive: { ...block.responsive, ...flags } } as Block;
    this.document = { ...this.document, children: { ...this.document.children, [id]: changed } };
  }

  /** A container's boxes set to these widths (it must still be empty). */
  boxes(containerId: NodeId, widths: readonly number[]): Slot[] {
    const container = this.document.children[containerId];
    if (container?.type !== 'container') throw new Error(`${containerId} is not a container`);
    const changed: Block = { ...container, boxes: widths.map((value) => ({ value, children: [] })) };
    this.document = { ...this.document, children: { ...this.document.children, [containerId]: changed } };
    return widths.map((_, box) => ({ kind: 'box', containerId, box }));
  }

  /** The block ids of a two-step form's step. */
  formStep(formId: NodeId, step: 1 | 2): NodeId[] {
    const form = this.document.children[formId];
    if (form?.type !== 'twoStepForm') throw new Error(`${formId} is not a two-step form`);
    return [...(step === 1 ? form.step1Children : form.step2Children)];
  }

  get(id: NodeId): Block | undefined {
    return this.document.children[id];
  }

  build(): EditorDocument {
    return this.document;
  }
}

export const pad = (top: number, right = top, bottom = top, left = right): Spacing => ({
  top,
  right,
  bottom,
  left,
});
