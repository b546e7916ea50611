import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { reduce } from '../actions/reduce.ts';
import { INPUT_TYPES } from '../catalogue/form-element.ts';
import { BLOCK_TYPES, BLOCKS, type Block, type BlockType } from '../catalogue/registry.ts';
import { emptyDocument } from '../document/empty.ts';
import { type EditorDocument, validateDocument } from '../document/schema.ts';
import { unwrap } from '../test-support.ts';
import { changeSettings, withSettingFrom } from './changed-settings.ts';
import { renderPage } from './render-page.tsx';

/** A page with one section, one row and one block of `type` (with the blocks it starts with). */
function pageWith(type: BlockType): { document: EditorDocument; block: Block } {
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

function withBlock(
  document: EditorDocument,
  block: Block,
  attributes: unknown,
  content?: string,
): EditorDocument {
  const changed = { ...block, attributes, ...(content === undefined ? {} : { content }) } as Block;
  return { ...document, children: { ...document.children, [block.id]: changed } };
}

function setAt(value: unknown, path: readonly (string | number)[], leaf: unknown): unknown {
  return withSettingFrom(
    value,
    path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), leaf),
    [...path],
  );
}

/** Every leaf path of a value. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [path];
  return Object.entries(value).flatMap(([key, child]) =>
    leafPaths(child, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

/** Another value of the enum at `path` of an attributes schema. */
function otherOption(schema: z.ZodType, path: readonly (string | number)[], current: unknown): unknown {
  const leaf = path.reduce<z.ZodType>((inner, key) => (inner as z.ZodObject).shape[key] as z.ZodType, schema);
  return (leaf as z.ZodEnum).options.find((option) => option !== current);
}

const output = (document: EditorDocument) => {
  const { html, css } = renderPage(document);
  return `${html}\n${css}`;
};

/**
 * Switches that hide other settings when flipped (a hidden header hides its labels) stay at their
 * default while the other settings change; each switch is then flipped on its own and must show too.
 */
const SWITCHES: Partial<Record<BlockType, RegExp>> = {
  orderSummary: /^basic\.(showHeader|showTotal|allowDiscountCodes)$/,
  social: /^basic\.items\.\d+\.status$/,
  formButton: /^basic\.showPrivacyText$/,
  formElement: /^basic\.(inputType|optionsType)$/,
};

/** Settings that only some modes draw: the test runs once per mode, and each setting must show in one. */
const MODES: Partial<Record<BlockType, { path: string[]; values: readonly unknown[] }>> = {
  formElement: { path: ['basic', 'inputType'], values: INPUT_TYPES },
};

describe('every block of the catalogue renders', () => {
  test.each(BLOCK_TYPES)('%s renders with its defaults', (type) => {
    const { document, block } = pageWith(type);
    const { html } = renderPage(document);
    expect(html).toContain(`fw-${type}-block fw-n${block.id}`);
    expect(html).toContain('class="fw-box');
  });

  test.each(BLOCK_TYPES)('%s shows every changed setting in its html or css', (type) => {
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
    expect(settings.length).toBeGreaterThan(3);
    const mode = MODES[type];
    const variants = mode
      ? mode.values.map((value) => setAt(changedAttributes, mode.path, value))
      : [changedAttributes];

    let unseen = settings.map((path) => path.join('.'));
    for (const attributes of variants) {
      const changed = withBlock(document, block, attributes, content);
      expect(validateDocument(changed)).toMatchObject({ ok: true });
      const all = output(changed);
      if (content !== undefined && type !== 'customHtml') expect(all).toContain(content);
      unseen = unseen.filter((name) => {
        const path = settings.find((candidate) => candidate.join('.') === name)!;
        const reverted = withSettingFrom(attributes, block.attributes, path);
        return output(withBlock(document, block, reverted, content)) === all;
      });
    }
    expect(unseen).toEqual([]);

    // Each switch, flipped on its own from the changed settings, shows too.
    const switchPaths = leafPaths(block.attributes).filter((path) => isSwitch(path.join('.')));
    for (const path of switchPaths) {
      const base = variants[0];
      const current = path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], base);
      const flipped =
        typeof current === 'boolean' ? !current : otherOption(definition.attributes, path, current);
      expect(flipped).toBeDefined();
      expect(
        output(withBlock(document, block, setAt(base, path, flipped), content)),
        path.join('.'),
      ).not.toBe(output(withBlock(document, block, base, content)));
    }
  });
});
