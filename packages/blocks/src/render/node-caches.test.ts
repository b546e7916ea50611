import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { reduce } from '../actions/reduce.ts';
import type { SetNodeValueAction } from '../actions/set-node-value.ts';
import { placeholderLinks } from '../attention/placeholder-links.ts';
import { pageFacts } from '../commerce/step-gaps.ts';
import type { EditorDocument } from '../document/schema.ts';
import { samplePage, unwrap } from '../test-support.ts';
import { PageView, pageCss } from './page.tsx';

// The editor redraws the page on every keystroke and keeps work per node object (block CSS, anchors, link
// and product facts): after each edit, what the edited document gives must be what a fresh copy of it
// (no object seen before) gives.
const set = (
  id: SetNodeValueAction['id'],
  path: SetNodeValueAction['path'],
  value: unknown,
): SetNodeValueAction => ({
  type: 'setNodeValue',
  id,
  path,
  value,
});

const EDITS: SetNodeValueAction[] = [
  set(12, ['attributes', 'advanced', 'padding'], { top: 7, right: 1, bottom: 2, left: 3 }),
  set(12, ['attributes', 'basic', 'headline', 'text'], 'Buy now'),
  set(12, ['attributes', 'basic', 'action'], { type: 'goto-element', elementId: 62 }),
  set(62, ['attributes', 'advanced', 'cssId'], 'hero'),
  set(12, ['attributes', 'basic', 'action'], {
    type: 'goto-url',
    url: 'https://example.com/offer',
    target: '_self',
  }),
  set(11, ['attributes', 'advanced', 'margin'], { top: 0, right: 0, bottom: 12, left: 0 }),
  set(12, ['attributes', 'basic', 'action'], { type: 'no-link' }),
  set('page', ['padding', 'top'], 30),
];

const facts = (document: EditorDocument) => ({
  css: pageCss(document, true),
  published: pageCss(document),
  html: renderToStaticMarkup(createElement(PageView, { document, editor: true })),
  links: placeholderLinks(document),
  products: pageFacts(document),
});

describe('work kept per node object', () => {
  test('each edit gives what a fresh copy of the document gives', () => {
    let document = samplePage();
    facts(document);
    for (const edit of EDITS) {
      document = unwrap(reduce(document, edit));
      expect(facts(document), JSON.stringify(edit)).toEqual(facts(structuredClone(document)));
    }
    // The edits did reach the output (the comparison above is not between two stale answers).
    const last = facts(document);
    expect(last.css).toContain('padding:7px 1px 2px 3px');
    expect(last.html).toContain('id="hero"');
    expect(last.html).toContain('Buy now');
  });

  test('product ids: a shared part counts again, and the depth limit holds for it', () => {
    const nest = (levels: number, inner: object): object =>
      levels === 0 ? inner : { child: nest(levels - 1, inner) };
    const shared = { entries: [{ productId: 3 }, { nested: { productId: 5 } }] };
    expect(pageFacts({ children: { 1: shared } }).productIds).toEqual([3, 5]);
    expect(pageFacts({ children: { 1: shared, 2: { productId: 4 } } }).productIds).toEqual([3, 5, 4]);
    // Seen near the top first, then so deep that the walk stops above its ids: the same as a fresh copy.
    const deep = nest(38, shared);
    expect(pageFacts(deep)).toEqual(pageFacts(structuredClone(deep)));
    expect(pageFacts(deep).productIds).toEqual([3]);
  });
});
