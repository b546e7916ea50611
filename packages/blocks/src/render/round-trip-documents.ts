import type { z } from 'zod';
import { reduce } from '../actions/reduce.ts';
import { INPUT_TYPES } from '../blocks/form-element.tsx';
import { BLOCK_TYPES, BLOCKS, type Block, type BlockType } from '../catalogue/registry.ts';
import { emptyDocument } from '../document/empty.ts';
import type { EditorDocument } from '../document/schema.ts';
import { unwrap } from '../test-support.ts';
import { changeSettings, withSettingFrom } from './changed-settings.ts';

// The documents of the renderer's round-trip test: every block with its defaults and with every
// setting changed (shared by round-trip.test.ts and the string renderer's equivalence test).

/** A page with one section, one row and one block of `type` (with the blocks it starts with). */
export function pageWith(type: BlockType): { document: EditorDocument; block: Block } {
  let document = unwrap(reduce(emptyDocument('page'), { type: 'addSection' }));
  document = unwrap(reduce(document, { type: 'addRow' }));
  const rowId = Number(Object.keys(document.rows)[0]);
  const added = reduce(document, {
    type: 'addBlock',
    blockType: type,
    slot: { kind: 'column', rowId, column: 0 },
  });
  if (!added.ok || added.id === undefined) throw new Error(`could not add ${type}`);
  const block = added.document.children[added.id]!;
  return { document: added.document, block };
}

export function withBlock(
  document: EditorDocument,
  block: Block,
  attributes: unknown,
  content?: string,
): EditorDocument {
  const changed = { ...block, attributes, ...(content === undefined ? {} : { content }) } as Block;
  return { ...document, children: { ...document.children, [block.id]: changed } };
}

export function setAt(value: unknown, path: readonly (string | number)[], leaf: unknown): unknown {
  return withSettingFrom(
    value,
    path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), leaf),
    [...path],
  );
}

/** Every leaf path of a value. */
export function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [path];
  return Object.entries(value).flatMap(([key, child]) =>
    leafPaths(child, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/** Another value of the enum at `path` of an attributes schema. */
export function otherOption(
  schema: z.ZodType,
  path: readonly (string | number)[],
  current: unknown,
): unknown {
  const leaf = path.reduce<z.ZodType>((inner, key) => (inner as z.ZodObject).shape[key] as z.ZodType, schema);
  return (leaf as z.ZodEnum).options.find((option) => option !== current);
}

/**
 * Switches that hide other settings when flipped (a hidden header hides its labels) stay at their
 * default while the other settings change; each switch is then flipped on its own and must show too.
 */
export const SWITCHES: Partial<Record<BlockType, RegExp>> = {
  orderSummary: /^basic\.(showHeader|showTotal|allowDiscountCodes)$/,
  social: /^basic\.items\.\d+\.status$/,
  formButton: /^basic\.showPrivacyText$/,
  formElement: /^basic\.(inputType|optionsType)$/,
};

/** Settings that only some modes draw: the test runs once per mode, and each setting must show in one. */
export const MODES: Partial<Record<BlockType, { path: string[]; values: readonly unknown[] }>> = {
  formElement: { path: ['basic', 'inputType'], values: INPUT_TYPES },
};

/** One block type's round-trip documents. */
export function roundTripCase(type: BlockType) {
  const { document, block } = pageWith(type);
  const definition = BLOCKS[type];
  const switches = SWITCHES[type];
  const isSwitch = (path: string) => switches?.test(path) ?? false;
  const { value: changedAttributes, settings } = changeSettings(
    definition.attributes,
    block.attributes,
    isSwitch,
  );
  const content = 'content' in definition ? `Changed content of ${type}` : undefined;
  const mode = MODES[type];
  const variants = mode
    ? mode.values.map((value) => setAt(changedAttributes, mode.path, value))
    : [changedAttributes];
  const switchPaths = leafPaths(block.attributes).filter((path) => isSwitch(path.join('.')));
  return { document, block, definition, settings, content, variants, switchPaths };
}

/**
 * Every document the round-trip test renders for a block type: its defaults, each variant with every
 * setting changed, each of those with one setting reverted, and each switch flipped on its own.
 */
export function roundTripDocuments(type: BlockType): EditorDocument[] {
  const { document, block, definition, settings, content, variants, switchPaths } = roundTripCase(type);
  const documents = [document];
  for (const attributes of variants) {
    documents.push(withBlock(document, block, attributes, content));
    for (const path of settings)
      documents.push(
        withBlock(document, block, withSettingFrom(attributes, block.attributes, path), content),
      );
  }
  const base = variants[0];
  for (const path of switchPaths) {
    const current = path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], base);
    const flipped =
      typeof current === 'boolean' ? !current : otherOption(definition.attributes, path, current);
    documents.push(withBlock(document, block, setAt(base, path, flipped), content));
  }
  return documents;
}

export { BLOCK_TYPES };
