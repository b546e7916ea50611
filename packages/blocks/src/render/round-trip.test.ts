import { describe, expect, test } from 'vitest';
import { BLOCK_TYPES, BLOCKS } from '../catalogue/registry.ts';
import { type EditorDocument, validateDocument } from '../document/schema.ts';
import { changeSettings, withSettingFrom } from './changed-settings.ts';
import { renderPage } from './render-page.tsx';
import {
  leafPaths,
  MODES,
  otherOption,
  pageWith,
  SWITCHES,
  setAt,
  withBlock,
} from './round-trip-documents.ts';

const output = (document: EditorDocument) => {
  const { html, css } = renderPage(document);
  return `${html}\n${css}`;
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
