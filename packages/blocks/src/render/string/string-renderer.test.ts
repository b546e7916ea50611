import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { reduce } from '../../actions/reduce.ts';
import type { Block, BlockType } from '../../catalogue/registry.ts';
import { emptyDocument } from '../../document/empty.ts';
import { type EditorDocument, validateDocument } from '../../document/schema.ts';
import { STEP_TEMPLATES } from '../../templates/catalogue.ts';
import { samplePage, unwrap } from '../../test-support.ts';
import { renderPage } from '../render-page.tsx';
import { BLOCK_TYPES, roundTripCase, roundTripDocuments, withBlock } from '../round-trip-documents.ts';
import { attributes, escapeHtml, texts } from './html.ts';
import { renderPageString } from './render-string.ts';

/** Both renderers, published and editor mode: html and css must be identical. */
function expectSameOutput(document: EditorDocument, label: string) {
  for (const editor of [false, true]) {
    const react = renderPage(document, { editor });
    const text = renderPageString(document, { editor });
    expect(text.html, `${label} (${editor ? 'editor' : 'published'}) html`).toBe(react.html);
    expect(text.css, `${label} css`).toBe(react.css);
    expect(text.fonts, `${label} fonts`).toEqual(react.fonts);
  }
}

const NASTY = ` <b class="x">&amp; "q" 'a' </b>`;

/** Every string setting of a block's attributes with markup characters appended, where the schema allows. */
function withNastyStrings(document: EditorDocument, block: Block, attributes: unknown): EditorDocument {
  let current = attributes;
  const visit = (value: unknown, path: (string | number)[]) => {
    if (typeof value === 'string') {
      const candidate = setPath(current, path, `${value}${NASTY}`);
      if (validateDocument(withBlock(document, block, candidate)).ok) current = candidate;
    } else if (typeof value === 'object' && value !== null)
      for (const [key, child] of Object.entries(value))
        visit(child, [...path, Array.isArray(value) ? Number(key) : key]);
  };
  visit(attributes, []);
  return withBlock(document, block, current, 'content' in block ? `Text${NASTY}\nline` : undefined);
}

function setPath(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setPath(copy[head], rest, leaf);
  return copy;
}

describe('the string renderer writes exactly what the React renderer writes', () => {
  test.each(BLOCK_TYPES)('%s: defaults, every setting changed and reverted, every switch', (type) => {
    const documents = roundTripDocuments(type);
    expect(documents.length).toBeGreaterThan(3);
    documents.forEach((document, index) => {
      expectSameOutput(document, `${type} #${index}`);
    });
  });

  test.each(BLOCK_TYPES)('%s: markup characters in every text setting are escaped alike', (type) => {
    const { document, block, variants } = roundTripCase(type);
    for (const attributes of [block.attributes, ...variants]) {
      const nasty = withNastyStrings(document, block, attributes);
      expect(validateDocument(nasty)).toMatchObject({ ok: true });
      expectSameOutput(nasty, `${type} with markup characters`);
    }
  });

  test.each(STEP_TEMPLATES.map((template) => [template.id, template] as const))(
    'built-in template %s',
    (_id, template) => {
      for (const page of template.pages) expectSameOutput(page.document(), template.id);
    },
  );

  test('the sample page, an empty page and page settings', () => {
    expectSameOutput(samplePage(), 'sample');
    const empty = emptyDocument('page');
    expectSameOutput(empty, 'empty');
    expectSameOutput(
      {
        ...empty,
        settings: {
          ...empty.settings,
          direction: 'rtl',
          advanced: { id: ' page"id ', cssClasses: 'a  b 1bad' },
        },
      },
      'settings',
    );
  });

  test('many eager images: React preloads each distinct source first, and the string renderer does too', () => {
    let document = unwrap(reduce(emptyDocument('page'), { type: 'addSection' }));
    document = unwrap(reduce(document, { type: 'addRow' }));
    const rowId = Number(Object.keys(document.rows)[0]);
    for (let index = 0; index < 14; index++) {
      const added = reduce(document, {
        type: 'addBlock',
        blockType: 'image' as BlockType,
        slot: { kind: 'column', rowId, column: 0 },
      });
      if (!added.ok || added.id === undefined) throw new Error('not added');
      const image = added.document.children[added.id] as Block & { type: 'image' };
      const basic = image.attributes.basic;
      document = withBlock(added.document, image, {
        ...image.attributes,
        basic: {
          ...basic,
          url: `https://cdn.example.com/${index % 12}.png?a=1&b="2"`,
          lazyload: index % 5 === 0,
        },
      });
    }
    expect(renderPage(document).html.startsWith('<link rel="preload" as="image"')).toBe(true);
    expectSameOutput(document, 'images');
  });
});

describe('escaping as React escapes', () => {
  test('text, attribute values and adjacent texts match React for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), (text, other) => {
        const element = createElement('span', { title: text, 'data-x': other }, text, other);
        const expected = renderToString(element);
        expect(`<span${attributes({ title: text, 'data-x': other })}>${texts(text, other)}</span>`).toBe(
          expected,
        );
        expect(escapeHtml(text)).toBe(renderToStaticMarkup(createElement('b', null, text)).slice(3, -4));
      }),
      { numRuns: 500 },
    );
  });

  test('the five characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;');
    expect(escapeHtml(42)).toBe('42');
  });
});
